# Installs the Debian packages Coyote needs, if any is missing (sourced by scripts/test and run).
coyote_packages=(
  cmake ninja-build ccache g++ clang-16 pkg-config
  libenet-dev libsodium-dev libcpp-httplib-dev libmicrohttpd-dev libhttp-parser-dev python3-prometheus-client libcereal-dev libspdlog-dev libfmt-dev libtomlplusplus-dev libcli11-dev
  nlohmann-json3-dev libxxhash-dev libicu-dev libsfml-dev libfreetype-dev libsqlitecpp-dev libpqxx-dev zlib1g-dev
  libssl-dev openssl  # TLS to https:// masters; the tests make a certificate
  libgtest-dev libgmock-dev libbenchmark-dev
  xvfb xauth xdotool fonts-dejavu-core libgl1-mesa-dri
  python3-pil tiled  # scripts/make_assets draws the art; Tiled round-trips the levels
)

ensure_packages() {
  local missing=()
  for package in "${coyote_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "Installing missing packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  # Two scripts side by side (.ci/run) may both install: one apt at a time, the other waits.
  local lock
  exec {lock}>"${TMPDIR:-/tmp}/coyote-packages.lock"
  flock "$lock"
  $sudo apt-get update -qq
  # --force-unsafe-io: dpkg skips its fsync of every file it unpacks; a machine that loses power
  # mid-install installs again.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-unsafe-io "${missing[@]}"
  exec {lock}>&-
}
