#!/usr/bin/env bash
# An XBoard engine without setboard or usermove that appends every line it
# receives to the file named by its first argument, and resigns when it is
# to move.
log="$1"
force=1
while read -r line; do
    echo "$line" >> "$log"
    case "$line" in
        protover*) echo 'feature myname="fake-logger" setboard=0 usermove=0 ping=1 done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        new|force) force=1 ;;
        go) force=0; echo "resign" ;;
        time*|otim*|result*|accepted*|rejected*|level*|post|easy|xboard|variant*) ;;
        quit) exit 0 ;;
        *) [ "$force" = 0 ] && echo "resign" ;;
    esac
done
