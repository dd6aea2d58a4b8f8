#!/usr/bin/env bash
# An XBoard engine that negotiates features and resigns whenever it is to
# move (after `go`, or after the opponent's `usermove` outside force mode).
force=1
while read -r line; do
    case "$line" in
        protover*) echo 'feature myname="fake-xboard" setboard=1 usermove=1 ping=1 variants="normal,fischerandom" done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        new|force) force=1 ;;
        go) force=0; echo "resign" ;;
        usermove*) [ "$force" = 0 ] && echo "resign" ;;
        quit) exit 0 ;;
    esac
done
