import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

/**
 * [rule id, description, keyword, token regex, entropy floor] for services whose tokens carry a
 * distinctive prefix. A prefix plus an exact length and alphabet is precise on its own.
 */
const TOKENS: ReadonlyArray<readonly [string, string, string, string, number]> = [
  ["1password-secret-key", "1Password secret key", "a3-", "A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}", 3.8],
  ["age-secret-key", "age encryption secret key", "age-secret-key-1", "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", 0],
  ["adobe-client-secret", "Adobe client secret", "p8e-", "p8e-[a-zA-Z0-9]{32}", 2],
  ["alibaba-access-key-id", "Alibaba Cloud AccessKey id", "ltai", "LTAI[a-zA-Z0-9]{20}", 2],
  ["artifactory-api-key", "JFrog Artifactory API key", "akcp", "AKCp[A-Za-z0-9]{69}", 4.5],
  ["clojars-api-token", "Clojars deploy token", "clojars_", "CLOJARS_[a-zA-Z0-9]{60}", 2],
  ["databricks-api-token", "Databricks token", "dapi", "dapi[a-f0-9]{32}(?:-\\d)?", 3],
  ["digitalocean-pat", "DigitalOcean token", "_v1_", "do[opr]_v1_[a-f0-9]{64}", 3],
  ["duffel-api-token", "Duffel API token", "duffel_", "duffel_(?:test|live)_[a-zA-Z0-9_=-]{43}", 2],
  ["dynatrace-api-token", "Dynatrace API token", "dt0c01.", "dt0c01\\.[a-zA-Z0-9]{24}\\.[a-zA-Z0-9]{64}", 4],
  ["easypost-api-token", "EasyPost API key", "ezak", "EZAK[a-zA-Z0-9]{54}", 2],
  ["easypost-test-api-token", "EasyPost test API key", "eztk", "EZTK[a-zA-Z0-9]{54}", 2],
  ["facebook-page-access-token", "Facebook access token", "eaa", "EAA[MC][a-zA-Z0-9]{100,}", 4],
  ["flutterwave-secret-key", "Flutterwave key", "flw", "FLW(?:SECK|PUBK)_TEST-[a-h0-9]{32}-X|FLWSECK_TEST-[a-h0-9]{12}", 2],
  ["flyio-access-token", "Fly.io token", "fo1_", "fo1_[\\w-]{43}", 4],
  ["flyio-access-token", "Fly.io macaroon token", "fm", "fm(?:1[ar]|2)_[a-zA-Z0-9+/]{100,}={0,3}", 4],
  ["frameio-api-token", "Frame.io API token", "fio-u-", "fio-u-[a-zA-Z0-9_=-]{64}", 0],
  ["grafana-cloud-api-token", "Grafana Cloud token", "glc_", "glc_[A-Za-z0-9+/]{32,400}={0,3}", 3],
  ["grafana-service-account-token", "Grafana service account token", "glsa_", "glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}", 3],
  ["harness-api-key", "Harness access token", "at.", "(?:pat|sat)\\.[a-zA-Z0-9_-]{22}\\.[a-zA-Z0-9]{24}\\.[a-zA-Z0-9]{20}", 0],
  ["infracost-api-token", "Infracost API token", "ico-", "ico-[a-zA-Z0-9]{32}", 3],
  ["intra42-client-secret", "42 intra client secret", "s-s4t2", "s-s4t2(?:ud|af)-[a-f0-9]{64}", 3],
  ["linear-api-key", "Linear API key", "lin_api_", "lin_api_[a-zA-Z0-9]{40}", 2],
  ["mapbox-api-token", "Mapbox secret token", "sk.ey", "sk\\.eyJ[a-zA-Z0-9]{50,}\\.[a-zA-Z0-9_-]{20,}", 3],
  ["notion-api-token", "Notion integration token", "ntn_", "ntn_[0-9]{11}[A-Za-z0-9]{35}", 4],
  ["openshift-user-token", "OpenShift user token", "sha256~", "sha256~[\\w-]{43}", 3.5],
  ["planetscale-api-token", "PlanetScale token", "pscale_", "pscale_(?:tkn|oauth|pw)_[\\w=.-]{32,64}", 3],
  ["postman-api-token", "Postman API key", "pmak-", "PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}", 3],
  ["prefect-api-token", "Prefect API key", "pnu_", "pnu_[a-zA-Z0-9]{36}", 2],
  ["pulumi-api-token", "Pulumi access token", "pul-", "pul-[a-f0-9]{40}", 2],
  ["readme-api-token", "ReadMe API key", "rdme_", "rdme_[a-z0-9]{70}", 2],
  ["rubygems-api-token", "RubyGems API key", "rubygems_", "rubygems_[a-f0-9]{48}", 2],
  ["scalingo-api-token", "Scalingo API token", "tk-us-", "tk-us-[\\w-]{48}", 2],
  ["sendinblue-api-token", "Brevo (Sendinblue) API key", "xkeysib-", "xkeysib-[a-f0-9]{64}-[a-zA-Z0-9]{16}", 2],
  ["sentry-org-token", "Sentry organization token", "sntrys_", "sntrys_eyJ[a-zA-Z0-9+/]{20,400}={0,2}_[a-zA-Z0-9+/]{20,}", 4.5],
  ["sentry-user-token", "Sentry user token", "sntryu_", "sntryu_[a-f0-9]{64}", 3.5],
  ["shopify-access-token", "Shopify access token or shared secret", "shp", "shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", 2],
  ["sourcegraph-access-token", "Sourcegraph access token", "sgp_", "sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|sgp_[a-fA-F0-9]{40}", 3],
  ["square-access-token", "Square access token", "sq0atp-", "sq0atp-[\\w-]{22,60}", 2],
];

/** Prefixed tokens of SaaS and infrastructure services. */
export const saasRules: SecretRule[] = TOKENS.map(([id, description, keyword, body, entropy]) => ({
  id,
  description,
  keywords: [keyword],
  pattern: tokenPattern(body),
  ...(entropy > 0 ? { entropy } : {}),
  confidence: 0.9,
}));
