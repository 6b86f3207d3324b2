import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";

// Strict mode turns unknown keywords (a typo such as `requried`) into a load error.
const ajv = new Ajv2020({ strictSchema: true, strictNumbers: true, strictTypes: false, strictTuples: false, strictRequired: false, allowUnionTypes: true, allErrors: true });
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * A validator for a JSON Schema (draft 2020-12) written in a test file, compiled once.
 * @throws {Error} when the schema is not a valid, strict JSON Schema
 */
export function jsonSchemaValidator(schema: Record<string, unknown>): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Why `value` does not match `schema` (up to three reasons), or [] when it does. */
export function jsonSchemaErrors(schema: Record<string, unknown>, value: unknown): string[] {
  const validate = jsonSchemaValidator(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || "$"} ${e.message ?? "is invalid"}`);
}
