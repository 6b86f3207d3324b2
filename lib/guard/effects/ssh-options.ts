/*
 * The one-letter options of OpenSSH's clients that take a value (the rest of the cluster, `-R8080:…`,
 * or the next word), as their getopt strings list them (ssh.c, scp.c, sftp.c). One copy for every
 * reader of their argv: tunnels.ts (remote forwards), remote-commands.ts (the remote command),
 * ssh-files.ts (`-F`, `-S`), cloud.ts (the words after `gcloud compute ssh … --`), pulled-copies.ts.
 */

export const SSH_VALUED = "BbcDEeFIiJLlmOoPpQRSWw";
export const SCP_VALUED = "cDFiJloPSX";
export const SFTP_VALUED = "BbcDFiJloPRSsX";
