// The public package indexes: what installs use when nothing else is configured, so naming one
// (an install's `--registry`, a stored setting put back) changes nothing. One list for every
// reader (package-config.ts, remote-packages.ts, tool-settings.ts, written-inputs.ts) and for the
// tests, which build their commands from these names instead of spelling internet hosts.

export const NPM_REGISTRY = "https://registry.npmjs.org/";
export const YARN_REGISTRY = "https://registry.yarnpkg.com/";
export const PYPI_INDEX = "https://pypi.org/simple/";
/** PyPI's former host, which sends pip to pypi.org. */
export const PYPI_FORMER_INDEX = "https://pypi.python.org/simple/";
export const PYPI_UPLOAD = "https://upload.pypi.org/legacy/";

/** Whether `value` is `url`, with or without its trailing slash. */
const _names = (url: string, value: string): boolean => value === url || value === url.slice(0, -1);

/** npm's or yarn's public registry. */
export const isPublicNpmRegistry = (value: string): boolean => _names(NPM_REGISTRY, value) || _names(YARN_REGISTRY, value);

/** PyPI's index; by its former host too when `former`. */
export const isPypiIndex = (value: string, former = false): boolean => _names(PYPI_INDEX, value) || (former && _names(PYPI_FORMER_INDEX, value));

/** PyPI's upload endpoint. */
export const isPypiUpload = (value: string): boolean => _names(PYPI_UPLOAD, value);

/** The public npm registries' URLs after `https://`, as regex source (lockfiles: written-inputs.ts). */
export const PUBLIC_NPM_PATHS = [NPM_REGISTRY, YARN_REGISTRY].map((u) => u.slice("https://".length).replaceAll(".", "\\.").replaceAll("/", "\\/")).join("|");
