#!/bin/sh
# The SUBCOMMANDS section of PROGRAM's man page, for help2man --include: each subcommand's own
# --help (coyote-sim run, coyote-admin ban, ...), so the page says all that the program's help
# does. Prints nothing for a program without subcommands. Called by cmake/Packaging.cmake.
#   packaging/man_subcommands.sh PROGRAM > PROGRAM.h2m
set -eu
program=$1
name=$(basename "$program")
# The names in the "Subcommands:" block of the help ("broadcast, say" is one, named twice).
subcommands=$("$program" --help | sed -n '/^Subcommands:/,/^$/p' | sed -n 's/^  \([a-z-]*\).*/\1/p')
[ -n "$subcommands" ] || exit 0
echo "[SUBCOMMANDS]"
for subcommand in $subcommands; do
  echo ".SS \"$name $subcommand\""
  echo ".nf"
  # roff: a backslash doubled, a line's leading dot or quote escaped, hyphens as \-, the usage line
  # with the program's name rather than the path it was run from.
  "$program" "$subcommand" --help |
    sed -e 's/\\/\\\\/g' -e "s/^\\([.']\\)/\\\\\\&\\1/" -e 's/-/\\-/g' \
        -e "s|^Usage: [^ ]*|Usage: $name|"
  echo ".fi"
done
