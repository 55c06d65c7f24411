# The build's version (docs/hosting.md#upgrading), made the same way at configure time (the
# packages' version) and at every build (what the programs say, shared/version): VERSION's, then
# for a git checkout "+git.N.SHORT", N the commits since VERSION last changed and SHORT the
# commit, with ".dirty" when a tracked file differs from it; for a tree without git (a tarball,
# the container image's context), COYOTE_VERSION_SUFFIX appended as it is, else nothing. The
# same commit always gives the same string: packages of later commits compare greater.
function(coyote_version source_dir suffix out)
  file(STRINGS "${source_dir}/VERSION" base LIMIT_COUNT 1 REGEX "^[0-9]+\\.[0-9]+\\.[0-9]+$")
  if(NOT base)
    message(FATAL_ERROR "${source_dir}/VERSION: one line MAJOR.MINOR.PATCH is needed")
  endif()
  if(suffix AND NOT suffix MATCHES "^[A-Za-z0-9.+~]+$")
    message(FATAL_ERROR "COYOTE_VERSION_SUFFIX: letters, digits, '.', '+' and '~' only (Debian's "
                        "version characters), got '${suffix}'")
  endif()
  set(version "${base}${suffix}")
  find_program(COYOTE_GIT git)
  if(COYOTE_GIT AND EXISTS "${source_dir}/.git")
    set(git "${COYOTE_GIT}" -C "${source_dir}")
    execute_process(COMMAND ${git} rev-parse --short=7 HEAD OUTPUT_VARIABLE short
                    RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT failed)
      execute_process(COMMAND ${git} log -1 --format=%H -- VERSION OUTPUT_VARIABLE set_at
                      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(set_at)
        set(range "${set_at}..HEAD")
      else()  # VERSION not committed yet (or before a shallow clone's depth): every commit
        set(range HEAD)
      endif()
      execute_process(COMMAND ${git} rev-list --count ${range} OUTPUT_VARIABLE count
                      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      execute_process(COMMAND ${git} status --porcelain --untracked-files=no
                      OUTPUT_VARIABLE changed ERROR_QUIET)
      set(version "${base}+git.${count}.${short}")
      if(changed)
        string(APPEND version ".dirty")
      endif()
    endif()
  endif()
  set(${out} "${version}" PARENT_SCOPE)
endfunction()

# The commit of a git checkout and its date (RFC 2822, for Debian's changelog: the same commit
# gives the same bytes), or "" for a tree without git.
function(coyote_commit source_dir out_commit out_date)
  set(commit "")
  set(date "")
  find_program(COYOTE_GIT git)
  if(COYOTE_GIT AND EXISTS "${source_dir}/.git")
    execute_process(COMMAND "${COYOTE_GIT}" -C "${source_dir}" log -1 --format=%H%n%aD
                    OUTPUT_VARIABLE lines OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    string(REPLACE "\n" ";" lines "${lines}")
    list(LENGTH lines count)
    if(count EQUAL 2)
      list(GET lines 0 commit)
      list(GET lines 1 date)
    endif()
  endif()
  set(${out_commit} "${commit}" PARENT_SCOPE)
  set(${out_date} "${date}" PARENT_SCOPE)
endfunction()
