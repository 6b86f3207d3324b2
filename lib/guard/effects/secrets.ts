import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";

// Credential files by name or location. Example/template env files are documentation, not secrets.
const SECRET_PATH = new RegExp(
  [
    String.raw`(^|/)\.env(\.(?!example$|sample$|template$|dist$)[^/]*)?$`,
    String.raw`(^|/)id_(rsa|dsa|ecdsa|ed25519)(_sk)?$`,
    String.raw`\.(pem|key|p12|pfx|keystore|jks|ppk)$`,
    String.raw`(^|/)\.(netrc|pgpass|git-credentials|pypirc)$`,
    String.raw`/\.ssh/(?!known_hosts|config$|[^/]*\.pub$)[^/]+$`,
    String.raw`/\.aws/(credentials|sso/cache/)`,
    String.raw`/\.(gnupg|password-store)/`,
    String.raw`/\.docker/config\.json$`,
    String.raw`/\.kube/config$`,
    String.raw`/\.config/(gcloud|gh)/`,
    String.raw`^/etc/(shadow|gshadow|sudoers)$`,
  ].join("|"),
);

/** Whether a word names a credential file (glob characters are ignored: `.env?` counts). */
export function isSecretPath(word: Word): boolean {
  return !word.dynamic && SECRET_PATH.test(word.glob ? word.value.replace(/[*?]|\[[^\]]*\]/g, "") : word.value);
}

/** cat, head, base64, scp, …: reading a credential file puts the secret in the agent's context. */
export const secretReader: Handler = ({ name, args }) => {
  const secrets = args.filter((a) => !a.value.startsWith("-") && isSecretPath(a));
  return secrets.length ? [op("secret", name, secrets)] : [];
};

/** curl -F x=@file, -d @file, -T file; wget --post-file: uploading a credential file. */
export const uploader: Handler = ({ name, args }) => {
  const ops: Op[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    const next = args[i + 1];
    let file: string | undefined;
    if (/^(-T|--upload-file)$/.test(v)) file = next?.value;
    else if (/^(-d|--data|--data-binary|--data-raw|--data-urlencode|-F|--form)$/.test(v)) file = next?.value.replace(/^[^@<]*[@<]/, "");
    else if (/^--(post|body)-file=/.test(v)) file = v.slice(v.indexOf("=") + 1);
    else if (/^-F./.test(v) || /^-d@/.test(v)) file = v.replace(/^-[Fd][^@<]*[@<]/, "");
    if (file && isSecretPath({ value: file, dynamic: false, glob: false, pattern: file, quoted: false })) ops.push(op("secret", name));
  }
  return ops;
};
