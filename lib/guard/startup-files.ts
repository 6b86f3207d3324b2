import { caseInsensitiveNames } from "./paths.ts";

/**
 * Files another program reads later as commands or trust: shell startup files, the SSH server's
 * authorized keys and the client's config, Git's global config (aliases, hooks paths, pagers), curl
 * and wget defaults (an `upload-file` or `post-file` line sends a file with every request),
 * desktop autostart entries. Appending to one (`echo 'curl …|sh' >> ~/.bashrc`,
 * `>> ~/.ssh/authorized_keys`) or creating one outside the workspace changes what runs or who
 * logs in from then on, which no quarantine undoes: such writes ask like an overwrite outside it.
 *
 * Red team 7 (C5, H5): code every later program start loads or runs by name — a python site
 * folder's `.pth` files and sitecustomize/usercustomize (`~/.local/lib/python3.11/site-packages`),
 * commands in `~/.local/bin` and `~/bin` (on PATH before the system's), editor and multiplexer
 * startup (`~/.vimrc`, nvim's init, `~/.tmux.conf`), package tools' configuration (cargo's
 * `rustc-wrapper`, `~/.npmrc`, pip.conf, `~/.bunfig.toml` preloads), ipython startup scripts,
 * systemd user units and macOS LaunchAgents.
 *
 * Red team 8 (H3): start-up files of other programs the user runs (`~/.gdbinit` and gdb's XDG
 * init, lesskey's `#env` LESSOPEN, `~/.psqlrc`, `~/.sqliterc`, emacs, R, julia, ghci, screen,
 * perldb, direnv, ipython and jupyter configuration, gradle init scripts), credential helpers
 * (`credential_process` in `~/.aws/config`, gpg-agent's `pinentry-program`) and commands in the
 * folders tool installers put on PATH (`~/.cargo/bin`, `~/.bun/bin`, `~/.deno/bin`, pyenv's shims,
 * `~/go/bin`).
 *
 * Session 8: the user configuration of other version control systems, whose hooks, aliases,
 * editors and tools run at their next command as git's global config does (`~/.hgrc`, hg's XDG
 * hgrc, Sapling's, `~/.subversion/config`, bzr's and breezy's, jj's).
 */
const STARTUP =
  /\/(\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.bash_aliases|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.kshrc|\.cshrc|\.tcshrc|\.inputrc|\.gitconfig|\.curlrc|\.wgetrc|\.pam_environment|\.xprofile|\.xinitrc|\.xsessionrc|\.vimrc|\.gvimrc|\.exrc|\.tmux\.conf|\.npmrc|\.yarnrc|\.yarnrc\.yml|\.bunfig\.toml|\.pythonrc|\.pythonrc\.py|\.pdbrc|\.irbrc|\.hgrc|\.subversion\/config|\.bazaar\/bazaar\.conf)$|\/\.ssh\/(authorized_keys2?|config|rc|environment)$|\/\.config\/(fish\/config\.fish|fish\/conf\.d\/[^/]+|git\/config|autostart\/[^/]+|environment\.d\/[^/]+|nvim\/(init\.(lua|vim)|plugin\/.+)|tmux\/tmux\.conf|pip\/pip\.conf|npm\/npmrc|systemd\/user\/.+|hg\/hgrc|sapling\/sapling\.conf|jj\/config\.toml|breezy\/breezy\.conf)$|\/\.vim\/(plugin|autoload|ftplugin)\/.+$|\/\.cargo\/config(\.toml)?$|\/\.pip\/pip\.conf$|\/\.ipython\/profile_[^/]+\/startup\/[^/]+$|\/\.local\/bin\/[^/]+$|\/(\.gdbinit|\.gdbearlyinit|\.lesskey|\.psqlrc|\.sqliterc|\.emacs|\.emacs\.el|\.Rprofile|\.ghci|\.screenrc|\.perldb)$|\/\.config\/(gdb\/gdb(early)?init|lesskey|direnv\/direnvrc|emacs\/(early-)?init\.el)$|\/\.emacs\.d\/(early-)?init\.el$|\/\.aws\/config$|\/\.gnupg\/(gpg-agent|gpg)\.conf$|\/\.ipython\/profile_[^/]+\/ipython_config\.py$|\/\.jupyter\/[^/]+\.py$|\/\.gradle\/(init\.d\/[^/]+|init\.gradle(\.kts)?)$|\/\.julia\/config\/startup\.jl$|\/\.(cargo|bun|deno)\/bin\/[^/]+$|\/\.pyenv\/shims\/[^/]+$|\/Library\/LaunchAgents\/[^/]+$|\/(site|dist)-packages\/([^/]+\.pth|sitecustomize\.py|usercustomize\.py)$/;

// Where file names are compared without case (macOS, Windows: paths.ts), `~/.Bashrc` is `~/.bashrc`.
const STARTUP_ANY_CASE = new RegExp(STARTUP.source, "i");

// Folders of the home on PATH in the usual profiles and installers (`~/bin`, `~/go/bin`).
const HOME_BINS = ["/bin/", "/go/bin/"];

/**
 * Whether a path (absolute, outside the workspace) is a startup or trust file of the user; with
 * the home folder, a command in `~/bin` or `~/go/bin` counts too.
 */
export function isStartupFile(path: string, home?: string): boolean {
  const folded = caseInsensitiveNames.value;
  if ((folded ? STARTUP_ANY_CASE : STARTUP).test(path)) return true;
  if (home === undefined || home === "") return false;
  const p = folded ? path.toLowerCase() : path;
  const h = folded ? home.toLowerCase() : home;
  return HOME_BINS.some((bin) => p.startsWith(`${h}${bin}`) && !p.slice(h.length + bin.length).includes("/"));
}
