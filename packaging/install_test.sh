#!/usr/bin/env bash
# Both packages installed with apt-get in a clean debian:bookworm-slim container (podman, with the
# base docker/test makes) that boots systemd, then used as docs/hosting.md#on-a-debian-server-with-systemd
# says: the packaged settings checked, the port set in /etc/coyote/server.toml, the service enabled
# and started (as the user coyote, hardened), two bots played against it, the MOTD changed and
# reloaded, an idle server's modules and libraries checked, a second server from the template,
# the master, the logs read with journalctl; then an upgrade (docs/hosting.md#upgrading): the
# packages first installed are these relabelled 0.1.0-1, every earlier build's version; a race
# record and a ban are written through the real programs and the config edited, then apt-get
# installs these over them; last the service stopped and the units verified.
#   packaging/install_test.sh DEB...      (scripts/package runs it)
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: packaging/install_test.sh DEB..." >&2; exit 2; }
podman=(podman --storage-driver vfs --runtime runc)
"${podman[@]}" image exists docker.io/library/debian:bookworm-slim ||
  { echo "install test: no debian:bookworm-slim image; docker/test makes it" >&2; exit 1; }
debs=$(mktemp -d)
name="coyote-install-test-$$"
trap '"${podman[@]}" rm -f "$name" >/dev/null 2>&1 || true; rm -rf "$debs"' EXIT
mkdir "$debs/old" "$debs/new"
cp "$@" "$debs/new/"
# The same packages relabelled with the version every build had before builds had their own:
# the upgrade's mechanics (dpkg's, apt's, the maintainer scripts') are what is tested.
old_version=0.1.0-1
new_version=$(dpkg-deb -f "$1" Version)
dpkg --compare-versions "$new_version" gt "$old_version" ||
  { echo "install test: $new_version is not above $old_version" >&2; exit 1; }
for deb in "$@"; do
  tree=$(mktemp -d)
  dpkg-deb -R "$deb" "$tree"
  sed -i -e "s/^Version: .*/Version: $old_version/" \
    -e "s/coyote-server (= [^)]*)/coyote-server (= $old_version)/" "$tree/DEBIAN/control"
  dpkg-deb --root-owner-group -b "$tree" "$debs/old/$(basename "$deb")" >/dev/null
  rm -rf "$tree"
done
cp "$(dirname "$0")/upgrade_test.sh" "$debs/"
printf '[containers]\ndefault_ulimits = []\n' >"$debs/containers.conf"
export CONTAINERS_CONF="$debs/containers.conf"

# The packages installed (their dependencies from Debian), then systemd booted as PID 1.
"${podman[@]}" run -d --name "$name" --systemd=always --network host --ulimit host \
  -v "$debs:/debs:ro" docker.io/library/debian:bookworm-slim bash -euc '
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends /debs/old/*.deb systemd systemd-sysv >/dev/null 2>&1
  exec /sbin/init' >/dev/null
for _ in $(seq 300); do
  state=$("${podman[@]}" exec "$name" systemctl is-system-running 2>/dev/null || true)
  [ "$state" = running ] || [ "$state" = degraded ] && break
  sleep 0.5
done
[ "$state" = running ] || [ "$state" = degraded ] ||
  { "${podman[@]}" logs "$name" | tail -20; echo "install test: systemd did not boot" >&2; exit 1; }

"${podman[@]}" exec "$name" bash -euc '
  # Waits up to 10 s for a line of UNIT in the journal.
  journal_says() {
    for _ in $(seq 50); do
      journalctl -u "$1" --no-pager | grep -qF "$2" && return 0
      sleep 0.2
    done
    journalctl -u "$1" --no-pager | tail -20
    echo "install test: the journal of $1 never said: $2" >&2
    return 1
  }
  echo "installed: $(dpkg-query -W -f="\${Package} \${Version}, " coyote coyote-server)"
  id coyote
  coyote-server --config /etc/coyote/server.toml --check-config
  coyote-master --check-config
  test -x /usr/games/coyote-client && test -f /usr/share/coyote/assets/tiles.png

  # The service, as the docs start it (a free port, not the default 7777 of the host network).
  sed -i "s/^port = 7777 /port = 17777 /" /etc/coyote/server.toml
  systemctl enable --now coyote-server
  journal_says coyote-server \
    "listening on 0.0.0.0:17777; level /usr/share/coyote/configs/levels/arena.tmj"
  pid=$(systemctl show -p MainPID --value coyote-server)
  user=$(stat -c %U /proc/$pid)
  [ "$user" = coyote ] || { echo "install test: the server runs as $user" >&2; exit 1; }
  ! grep -qE "libssl|libpq|libgnutls|libicu|libmicrohttpd" /proc/$pid/maps ||
    { echo "install test: an idle server maps an optional library" >&2; exit 1; }
  coyote-bot --connect 127.0.0.1:17777 --count 2 --seconds 3 >/tmp/bots.json
  tail -1 /tmp/bots.json | grep -q "\"converged\":true" || { cat /tmp/bots.json; exit 1; }
  grep -q "/usr/lib/coyote/names_icu.so" /proc/$pid/maps ||
    { echo "install test: the names module is not loaded after two players" >&2; exit 1; }
  echo "the service runs as coyote in $(readlink /proc/$pid/cwd); two bots converged;" \
    "$(grep VmRSS /proc/$pid/status | tr -s " \t" " ")"

  sed -i "s/^motd = \"\"/motd = \"fresh paint\"/" /etc/coyote/server.toml
  systemctl reload coyote-server
  journal_says coyote-server "SIGHUP: settings read again; changed server.motd"
  echo "systemctl reload: the new MOTD taken"

  printf "[net]\nport = 17778\n" >/etc/coyote/second.toml
  systemctl start coyote-server@second
  journal_says coyote-server@second "listening on 0.0.0.0:17778"
  test -d /var/lib/coyote/second
  sed -i "s/^port = 8300/port = 18300/" /etc/coyote/master.toml
  systemctl start coyote-master
  journal_says coyote-master "coyote-master listening on http://0.0.0.0:18300"
  coyote-server --check-health http://127.0.0.1:18300/healthz
  echo "coyote-server@second and coyote-master run beside it"

  bash /debs/upgrade_test.sh '"$old_version"' '"$new_version"'
  systemctl stop coyote-server coyote-server@second coyote-master
  journal_says coyote-server "server shutting down: saying goodbye"
  [ "$(systemctl show -p ExecMainStatus --value coyote-server)" = 0 ]
  echo "systemctl stop: goodbyes said, exit status 0"
  # --man=no: the base drops manuals (docker/test); scripts/package checks the man pages.
  systemd-analyze verify --man=no coyote-server.service coyote-master.service coyote-server@a.service
  echo "systemd-analyze verify: the three units pass"
'
echo "install test: passed"
