#!/usr/bin/env bash
# Both packages installed with apt-get in a clean debian:bookworm-slim container (podman, with the
# base docker/test makes): the server's packaged config checked, the server run as its service
# user with /etc/coyote/server.toml in /var/lib/coyote, as its unit runs it, two bots played
# against it, and the units verified by systemd-analyze where they are installed.
#   packaging/install_test.sh DEB...      (scripts/package runs it)
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: packaging/install_test.sh DEB..." >&2; exit 2; }
podman=(podman --storage-driver vfs)
"${podman[@]}" image exists docker.io/library/debian:bookworm-slim ||
  { echo "install test: no debian:bookworm-slim image; docker/test makes it" >&2; exit 1; }
debs=$(mktemp -d)
trap 'rm -rf "$debs"' EXIT
cp "$@" "$debs/"
printf '[containers]\ndefault_ulimits = []\n' >"$debs/containers.conf"
CONTAINERS_CONF="$debs/containers.conf" "${podman[@]}" --runtime runc run --rm --network host \
  --ulimit host -v "$debs:/debs:ro" docker.io/library/debian:bookworm-slim bash -euc '
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends /debs/*.deb systemd >/dev/null
  echo "installed: $(dpkg-query -W -f="\${Package} \${Version}, " coyote coyote-server)"
  id coyote
  coyote-server --config /etc/coyote/server.toml --check-config
  coyote-master --check-config
  test -x /usr/games/coyote-client && test -f /usr/share/coyote/assets/tiles.png
  cd /var/lib/coyote
  setpriv --reuid coyote --regid coyote --init-groups coyote-server --config /etc/coyote/server.toml \
    --port 17777 --run-for 6 >/tmp/server.log 2>&1 &
  sleep 1
  coyote-bot --connect 127.0.0.1:17777 --count 2 --seconds 3 >/tmp/bots.json
  wait $!
  grep -q "listening on 0.0.0.0:17777; level /usr/share/coyote/configs/levels/arena.tmj" /tmp/server.log
  tail -1 /tmp/bots.json | grep -q "\"converged\":true" || { cat /tmp/bots.json; exit 1; }
  echo "the server ran as coyote in /var/lib/coyote ($(stat -c %U:%G /var/lib/coyote)); two bots converged"
  # --man=no: the base drops manuals (docker/test); scripts/package checks the man pages.
  systemd-analyze verify --man=no coyote-server.service coyote-master.service coyote-server@a.service
  echo "systemd-analyze verify: the three units pass"
'
echo "install test: passed"
