#!/usr/bin/env bash
# The upgrade half of packaging/install_test.sh, run in its container as root with the older
# packages installed and coyote-server running (docs/hosting.md#upgrading): a race record and a
# ban written through the real programs, /etc/coyote/server.toml edited, then the newer packages
# installed with apt-get: the service restarts on its own, the edited config is kept without a
# question, the record and the ban are there and the ban enforced.
#   upgrade_test.sh OLD_VERSION NEW_VERSION
set -euo pipefail
from=$1
to=$2
token=upgrade-test-token-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d " \n")
fail() { echo "upgrade test: $*" >&2; journalctl -u coyote-server --no-pager | tail -20; exit 1; }
# Waits up to 60 s until the journal of coyote-server holds COUNT lines with TEXT.
journal_count() {
  for _ in $(seq 300); do
    [ "$(journalctl -u coyote-server --no-pager | grep -cF "$1")" -ge "$2" ] && return 0
    sleep 0.2
  done
  fail "the journal never said $2 times: $1"
}
# GET PATH from the server's HTTP port, with bash's own TCP (the image has no curl).
http_get() {
  exec 3<>/dev/tcp/127.0.0.1/19100
  printf "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n" "$1" >&3
  cat <&3
  exec 3<&-
}

# The host's edits: the race, records in a SQLite file, the HTTP port with its page and the
# admin API (a line of its own the upgrade must keep).
sed -i -e 's|^level = .*|level = "configs/levels/race.tmj"|' \
  -e 's|^# path = "records.sqlite"|path = "records.sqlite"|' \
  -e 's|^page = false|page = true|' \
  -e 's|^metrics_port = 0 |metrics_port = 19100 |' \
  -e "s|^token = \"\"|token = \"$token\"|" /etc/coyote/server.toml
echo "# kept across upgrades: the host's own line" >>/etc/coyote/server.toml
systemctl restart coyote-server
journal_count "records: database ready" 1
coyote-bot --connect 127.0.0.1:17777 --brain racer --count 1 --seconds 90 --name racer \
  >/tmp/racer.json 2>&1 &
racer=$!
journal_count "records: racer0" 1
kill "$racer"
wait "$racer" || true
# coyote-bot numbers its players: mallory0 is the one banned.
COYOTE_ADMIN_TOKEN=$token coyote-admin --url http://127.0.0.1:19100 ban --name mallory0 \
  --reason "before the upgrade" >/tmp/ban.txt || { cat /tmp/ban.txt; fail "the ban"; }
pid=$(systemctl show -p MainPID --value coyote-server)
starts=$(journalctl -u coyote-server --no-pager | grep -c "coyote-server [^ ]* starting" || true)

DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /debs/new/*.deb \
  </dev/null >/tmp/apt.log 2>&1 || { cat /tmp/apt.log; fail "apt-get install"; }
! grep -qi "configuration file" /tmp/apt.log || fail "dpkg asked about a configuration file"
[ "$(dpkg-query -W -f='${Version}' coyote-server)" = "$to" ] || fail "coyote-server is not $to"
for _ in $(seq 150); do
  [ "$(journalctl -u coyote-server --no-pager | grep -c "coyote-server [^ ]* starting")" -gt \
    "$starts" ] && break
  sleep 0.2
done
[ "$(systemctl show -p MainPID --value coyote-server)" != "$pid" ] ||
  fail "the service still runs the old program"
journalctl -u coyote-server --no-pager | grep "coyote-server [^ ]* starting" | tail -1
grep -q "^# kept across upgrades" /etc/coyote/server.toml && grep -q "^token = \"$token\"" \
  /etc/coyote/server.toml || fail "the edited config was not kept"

journal_count "records: database ready" 2
records=$(http_get /records.json | grep -c '"player": *"racer0"' || true)
[ "$records" -ge 1 ] || fail "the race record is gone"
bans=$(COYOTE_ADMIN_TOKEN=$token coyote-admin --url http://127.0.0.1:19100 bans |
  grep -c mallory0 || true)
[ "$bans" = 1 ] || fail "the ban is gone"
coyote-bot --connect 127.0.0.1:17777 --name mallory --count 1 --seconds 3 >/tmp/mallory.json 2>&1 &&
  fail "mallory played"
grep -q "banned" /tmp/mallory.json || { cat /tmp/mallory.json; fail "mallory was not told"; }
echo "upgrade: $from -> $to: kept $records records, $bans bans, the edited config"
