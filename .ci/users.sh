#!/usr/bin/env bash
# The runner users the end-to-end tests run the bundled action as (idempotent; needs root and Debian's sudo):
# - `runner`: GitHub's hosted runners' user (uid 1001 there; here too when free), HOME /home/runner,
#   passwordless sudo through a drop-in in /etc/sudoers.d, as the hosted images have it;
# - `svcrunner`: a self-hosted runner's service user, without sudo.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "users.sh needs root (it adds users and a sudoers drop-in)" >&2; exit 1; }
command -v sudo >/dev/null || { echo "users.sh needs Debian's sudo package" >&2; exit 1; }

add_user() { # name
  local name="$1" uid_args=()
  getent passwd "$name" >/dev/null && return 0
  [ "$name" = runner ] && ! getent passwd 1001 >/dev/null && uid_args=(--uid 1001)
  useradd --create-home --home-dir "/home/$name" --shell /bin/bash --user-group "${uid_args[@]}" "$name"
}

add_user runner
add_user svcrunner

# The hosted images' drop-in: every command, no password. visudo checks it before it is put in place.
drop_in=/etc/sudoers.d/runner
want='runner ALL=(ALL) NOPASSWD:ALL'
if [ "$(cat "$drop_in" 2>/dev/null)" != "$want" ]; then
  tmp="$(mktemp)"
  printf '%s\n' "$want" >"$tmp"
  visudo -cqf "$tmp"
  install -m 0440 -o root -g root "$tmp" "$drop_in"
  rm -f "$tmp"
fi

# svcrunner must have no sudo at all (a stray drop-in or group would make test (b) meaningless).
if sudo -n -u svcrunner sudo -n true 2>/dev/null; then
  echo "svcrunner can use sudo: remove it from the sudoers for the no-sudo tests" >&2
  exit 1
fi
sudo -n -u runner sudo -n true
id runner
id svcrunner
