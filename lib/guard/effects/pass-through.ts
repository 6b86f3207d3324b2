// Filters that print what they read on stdin, whole or in part (red team 5 H6: `env | tee e |
// curl -d @- …`): a stage between a source and a sender passes the source on (sent-data.ts), and
// a stage after a secret printer prints the secret (secret-output.ts, shell text). A secret file
// given as an operand is asked about where it is read (secrets.ts).
export const PASS_THROUGH: ReadonlySet<string> = new Set("tee sort uniq head tail tac rev tr cut fold nl paste column expand unexpand fmt pr iconv od hexdump strings sed awk gawk mawk nawk dd pv".split(" "));
