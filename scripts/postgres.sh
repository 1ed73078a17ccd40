#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: a temporary folder, a Unix socket in it and
# no TCP port, fsync off (nothing in it outlives the run). Every role is trusted on the socket
# but `teammate_password`, `teammate_odd` and the devices' roles (members of `teammate_device`,
# ADR 0014), which must give their passwords.
# Usage: scripts/postgres.sh start        prints the cluster's URL (its folder is the host)
#        scripts/postgres.sh url URL|FOLDER
#        scripts/postgres.sh halt URL|FOLDER  stops the server and keeps its data
#        scripts/postgres.sh resume URL|FOLDER  starts a halted server again
#        scripts/postgres.sh stop URL|FOLDER  stops it and removes the folder
#        scripts/postgres.sh start-pair   a primary and its synchronous standby streaming from
#                                         it; prints the two-host URL (read-write only)
#        scripts/postgres.sh kill-primary URL  stops the pair's primary at once, as a crash
#        scripts/postgres.sh promote URL  makes the pair's standby the primary
#        scripts/postgres.sh start-pooler URL  PgBouncer in transaction mode before the server
#                                         at URL (installed first if missing); prints its URL
#        scripts/postgres.sh install-pooler  installs PgBouncer with apt if it is missing
#        scripts/postgres.sh sweep        stops every cluster of ours whose owner is gone
# Every cluster is its owner's: the process TEAMMATE_PG_OWNER names, else the one that ran
# this script. Its folder records the owner and holds its own stopper (stop.sh, which needs
# nothing of the checkout), and a watcher in a session of its own runs the stopper once the
# owner is gone, however it ended; `sweep` stops what a watcher could not.
# initdb refuses to run as root: as root, the server's tools run as the `postgres` user.
set -euo pipefail
# NB: a server, a pooler and a watcher outlive the test run that started them, and end by
# their owner's going, not with the run (scripts/lib/test-run.sh ends what carries its mark).
unset TEAMMATE_TEST_RUN
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "postgres.sh: no PostgreSQL server found: install it (apt-get install postgresql" \
    "libpq-dev) — verify needs it and never skips its tests" >&2
  exit 69
fi
# The cluster's folder, from its URL or the folder itself.
folder_of() {
  local given=${1:?"a URL or folder is needed"}
  case "$given" in
    postgresql://*) given=${given#*host=}; given=${given%%&*}; echo "${given%%,*}" ;;
    *) echo "$given" ;;
  esac
}
# The folder of a cluster this script made, or a refusal.
ours() {
  local folder
  folder=$(folder_of "$1")
  case "$folder" in /tmp/teammate-pg-*) echo "$folder" ;; *) echo "postgres.sh: not a cluster of ours: $folder" >&2; exit 64 ;; esac
}
# Starts the server of the cluster in folder $1, on its socket only; $2 names its data
# folder (data), $3 more settings.
serve() {
  local data=${2:-data}
  as_server "$bin/pg_ctl" -D "$1/$data" -l "$1/$data.log" -w -s \
    -o "-c listen_addresses='' -c unix_socket_directories='$1' -c fsync=off -c full_page_writes=off -c max_connections=1000 ${3:--c synchronous_commit=off}" \
    start >&2 || { cat "$1/$data.log" >&2; exit 1; }
}
as_server() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
# NB: the server outlives this script, so it must not hold what the script's caller gave it:
# a caller that waits for every copy of a descriptor to close (Foundation's Process does) would
# wait for the server.
close_inherited() {
  local fd
  for fd in $(ls /proc/$$/fd); do
    [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null || true
  done
}

# The start time of process $1 (its stat's 22nd field), empty once it is gone: with the pid,
# what names one process even after its pid is used again.
started_at() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  stat=${stat##*) }
  # shellcheck disable=SC2086
  set -- $stat
  echo "${20}"
}

# Makes the cluster in $folder its owner's: records the owner, writes the folder's stopper and
# starts the watcher that runs it once the owner is gone (or the folder was stopped by hand).
own() {
  local owner=${TEAMMATE_PG_OWNER:-$PPID} runas=""
  [ "$(id -u)" -eq 0 ] && runas="runuser -u postgres --"
  echo "$owner $(started_at "$owner")" >"$folder/owner"
  cat >"$folder/stop.sh" <<STOP
#!/bin/sh
# Stops this cluster and removes its folder, with nothing but PostgreSQL's own programs.
[ -f '$folder/pgbouncer.pid' ] && kill -KILL "\$(cat '$folder/pgbouncer.pid')" 2>/dev/null
for data in data standby; do
  [ -f "$folder/\$data/postmaster.pid" ] &&
    $runas '$bin/pg_ctl' -D "$folder/\$data" -m immediate -w -s stop >/dev/null 2>&1
done
rm -rf '$folder'
STOP
  setsid /bin/sh -c 'while [ -d "$1" ] && kill -0 "$2" 2>/dev/null; do sleep 1; done
    [ -d "$1" ] && /bin/sh "$1/stop.sh"' watcher "$folder" "$owner" \
    </dev/null >/dev/null 2>&1 &
}

# Sets $pgbouncer to PgBouncer's program, installing it with apt first (as root) if missing.
install_pooler() {
  pgbouncer=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
  [ -x "$pgbouncer" ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "postgres.sh: installing PgBouncer (apt-get install pgbouncer)" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer; } >&2 ||
      { echo "postgres.sh: PgBouncer could not be installed" >&2; exit 69; }
  else
    echo "postgres.sh: no PgBouncer found: install it (apt-get install pgbouncer)" >&2
    exit 69
  fi
}

# Makes a new cluster's folder and its data (not started), and sets $folder to it.
new_cluster() {
  folder=$(mktemp -d /tmp/teammate-pg-XXXXXX)
  chmod 0700 "$folder"
  [ "$(id -u)" -eq 0 ] && chown postgres "$folder"
  as_server "$bin/initdb" -D "$folder/data" -U postgres -A trust --no-sync >"$folder/initdb.log" 2>&1 ||
    { cat "$folder/initdb.log" >&2; exit 1; }
}

case "${1:-}" in
  start)
    close_inherited
    new_cluster
    own
    # NB: one role signs in with a password, so that a test can give a wrong one.
    as_server sh -c "{ echo 'local all teammate_password scram-sha-256'; echo 'local all teammate_odd scram-sha-256'; echo 'local all +teammate_device scram-sha-256'; cat '$folder/data/pg_hba.conf'; } >'$folder/data/pg_hba.new' && mv '$folder/data/pg_hba.new' '$folder/data/pg_hba.conf'"
    serve "$folder"
    echo "postgresql:///postgres?host=$folder&user=postgres"
    ;;
  halt)
    folder=$(ours "${2:-}")
    as_server "$bin/pg_ctl" -D "$folder/data" -m fast -w -s stop >&2
    ;;
  resume)
    close_inherited
    serve "$(ours "${2:-}")"
    ;;
  url)
    echo "postgresql:///postgres?host=$(folder_of "${2:-}")&user=postgres"
    ;;
  stop)
    folder=$(ours "${2:-}")
    # NB: a pooler started from a test process inherits its blocked signals; only KILL ends it.
    [ -f "$folder/pgbouncer.pid" ] && kill -KILL "$(cat "$folder/pgbouncer.pid")" 2>/dev/null || true
    for data in data standby; do
      [ -f "$folder/$data/postmaster.pid" ] && as_server "$bin/pg_ctl" -D "$folder/$data" -m immediate -w -s stop >&2 || true
    done
    rm -rf "$folder"
    ;;
  start-pair)
    close_inherited
    new_cluster
    own
    # NB: a commit is answered once the standby has it: what a device was told landed
    # survives the primary.
    serve "$folder" data "-c port=5432 -c synchronous_commit=on -c synchronous_standby_names=standby"
    as_server "$bin/pg_basebackup" -D "$folder/standby" -R --no-sync -X stream \
      -d "host=$folder port=5432 user=postgres application_name=standby" >&2
    serve "$folder" standby "-c port=5433 -c synchronous_commit=on -c synchronous_standby_names=''"
    for _ in $(seq 100); do
      state=$(as_server "$bin/psql" -h "$folder" -p 5432 -U postgres -Atc \
        "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby'" postgres)
      [ "$state" = sync ] && break
      sleep 0.1
    done
    [ "$state" = sync ] || { echo "postgres.sh: the standby did not start streaming" >&2; exit 1; }
    echo "postgresql:///postgres?host=$folder,$folder&port=5432,5433&user=postgres&target_session_attrs=read-write"
    ;;
  kill-primary)
    folder=$(ours "${2:-}")
    as_server "$bin/pg_ctl" -D "$folder/data" -m immediate -w -s stop >&2
    ;;
  promote)
    folder=$(ours "${2:-}")
    as_server "$bin/pg_ctl" -D "$folder/standby" -w -s promote >&2
    ;;
  install-pooler)
    install_pooler
    ;;
  start-pooler)
    server=${2:?"start-pooler needs the server's URL"}
    host=$(folder_of "$server")
    port=5432
    case "$server" in *port=*) port=${server#*port=}; port=${port%%&*}; port=${port%%,*} ;; esac
    install_pooler
    close_inherited
    folder=$(mktemp -d /tmp/teammate-pg-XXXXXX)
    chmod 0700 "$folder"
    [ "$(id -u)" -eq 0 ] && chown postgres "$folder"
    own
    # NB: transaction mode lends a server session out one transaction at a time; no TCP port.
    # The time limits are the pooler's, so no device lifts them from its session (AC-PG-43).
    as_server sh -c "cat >'$folder/pgbouncer.ini'" <<INI
[databases]
* = host=$host port=$port
[pgbouncer]
listen_addr =
listen_port = 6432
unix_socket_dir = $folder
auth_type = hba
auth_hba_file = $folder/hba.txt
auth_file = $folder/users.txt
auth_user = postgres
auth_query = SELECT usename, passwd FROM pg_shadow WHERE usename = \$1
pool_mode = transaction
max_client_conn = 4000
default_pool_size = 20
idle_transaction_timeout = 5
query_timeout = 120
logfile = $folder/pgbouncer.log
pidfile = $folder/pgbouncer.pid
INI
    as_server sh -c "echo '\"postgres\" \"\"' >'$folder/users.txt'"
    # NB: the operator is trusted on the socket; every other role gives its password, which
    # the pooler checks against the server's own (auth_query) and passes on (SCRAM).
    as_server sh -c "printf 'local all postgres trust\nlocal all all scram-sha-256\n' >'$folder/hba.txt'"
    as_server "$pgbouncer" -q -d "$folder/pgbouncer.ini" >&2 ||
      { cat "$folder/pgbouncer.log" >&2 2>/dev/null; rm -rf "$folder"; exit 1; }
    for _ in $(seq 100); do [ -S "$folder/.s.PGSQL.6432" ] && break; sleep 0.05; done
    echo "postgresql:///postgres?host=$folder&port=6432&user=postgres&pooler=transaction"
    ;;
  sweep)
    swept=0
    for folder in /tmp/teammate-pg-*; do
      [ -f "$folder/owner" ] && [ -f "$folder/stop.sh" ] || continue
      read -r owner start <"$folder/owner" || true
      # NB: a cluster whose owner lives is never touched: two runs side by side keep theirs.
      [ -n "${owner:-}" ] && [ -n "${start:-}" ] && [ "$(started_at "$owner")" = "$start" ] &&
        continue
      /bin/sh "$folder/stop.sh" || true
      swept=$((swept + 1))
    done
    echo "postgres.sh: swept $swept cluster(s) whose owner is gone" >&2
    ;;
  *)
    echo "usage: scripts/postgres.sh start | url URL | halt URL | resume URL | stop URL |" \
      "start-pair | kill-primary URL | promote URL | start-pooler URL | install-pooler | sweep" >&2
    exit 64
    ;;
esac
