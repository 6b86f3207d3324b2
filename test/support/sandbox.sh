#!/usr/bin/env bash
# Runs attack candidates for real without risk to the machine (red-team passes confirm every
# finding with the real programs; one helper once ran its rows in its own shell and emptied
# /root). A user namespace with no network; every system folder, /work and /tmp read-only; /root
# an empty tmpfs; /dev only null, zero, random, urandom, tty and full; HOME a fresh writable folder
# under $SANDBOX_DIR (default /tmp/leogriel-sandbox) with a project/ folder as the working
# directory. Linux only (unshare from util-linux, unprivileged user namespaces). Usage:
#   bash test/support/sandbox.sh -f FILE       (a script of commands, written with an editor,
#                                               never through a shell heredoc)
#   bash test/support/sandbox.sh 'COMMAND'     (a harmless command, read by bash -c inside)
set -u
base=${SANDBOX_DIR:-/tmp/leogriel-sandbox}
mkdir -p "$base"
home=$(mktemp -d "$base/sbx.XXXXXX")
mkdir -p "$home/project" "$home.dev"
exec unshare -r -m -n --propagation private bash -c '
  set -e
  home="$1"; shift
  mount -t tmpfs tmpfs "$home.dev"
  for n in null zero random urandom tty full; do touch "$home.dev/$n"; mount --bind "/dev/$n" "$home.dev/$n"; done
  ln -s /proc/self/fd "$home.dev/fd"; ln -s /proc/self/fd/0 "$home.dev/stdin"; ln -s /proc/self/fd/1 "$home.dev/stdout"; ln -s /proc/self/fd/2 "$home.dev/stderr"
  mount --move "$home.dev" /dev
  for d in /usr /etc /work /opt /var /home /srv /boot /bin /sbin /lib /lib64 /lib32 /tmp; do
    if [ -d "$d" ] && [ ! -L "$d" ]; then mount -o bind "$d" "$d"; mount -o remount,bind,ro "$d" "$d"; fi
  done
  mount -o bind "$home" "$home"; mount -o remount,bind,rw "$home" "$home"
  mount -t tmpfs tmpfs /root
  set +e
  export HOME="$home"; cd "$HOME/project"
  if [ "$1" = "-f" ]; then exec bash "$2"; else exec bash -c "$1"; fi
' sandbox "$home" "$@"
