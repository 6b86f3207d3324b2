/**
 * Files another program reads later as commands or trust: shell startup files, the SSH server's
 * authorized keys and the client's config, Git's global config (aliases, hooks paths, pagers), curl
 * and wget defaults (an `upload-file` or `post-file` line sends a file with every request),
 * desktop autostart entries. Appending to one (`echo 'curl …|sh' >> ~/.bashrc`,
 * `>> ~/.ssh/authorized_keys`) or creating one outside the workspace changes what runs or who
 * logs in from then on, which no quarantine undoes: such writes ask like an overwrite outside it.
 */
const STARTUP =
  /\/(\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.bash_aliases|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.kshrc|\.cshrc|\.tcshrc|\.inputrc|\.gitconfig|\.curlrc|\.wgetrc|\.pam_environment|\.xprofile|\.xinitrc)$|\/\.ssh\/(authorized_keys2?|config|rc|environment)$|\/\.config\/(fish\/config\.fish|fish\/conf\.d\/[^/]+|git\/config|autostart\/[^/]+|environment\.d\/[^/]+)$/;

/** Whether a path (absolute, outside the workspace) is a startup or trust file of the user. */
export function isStartupFile(path: string): boolean {
  return STARTUP.test(path);
}
