# Sets CCACHE_DIR to the compiler cache scripts/lib/ccache_launcher uses (sourced by it):
# $CCACHE_DIR if set, else
# $XDG_CACHE_HOME/coyote/ccache, else ~/.cache/coyote/ccache, else the checkout's build/ccache.
if [ -z "${CCACHE_DIR:-}" ]; then
  if [ -n "${XDG_CACHE_HOME:-}" ]; then
    CCACHE_DIR="$XDG_CACHE_HOME/coyote/ccache"
  elif [ -n "${HOME:-}" ]; then
    CCACHE_DIR="$HOME/.cache/coyote/ccache"
  else
    CCACHE_DIR="$root/build/ccache"
  fi
fi
