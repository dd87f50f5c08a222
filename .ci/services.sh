# PostgreSQL and Redis, which every machine of this project runs: sourced by .ci/run, and usable alone
# (`source .ci/services.sh && services_answer`). Each check says which service did not answer and how to start it.

# The PostgreSQL of DATABASE_URL answers a query on its database (not only a connection: the database must exist).
postgres_answers() {
  if PGCONNECT_TIMEOUT=5 psql "$DATABASE_URL" -Atqc "select 1" >/dev/null 2>&1; then return 0; fi
  echo "PostgreSQL does not answer at $DATABASE_URL (start it, e.g. \`service postgresql start\`, with a database named in the URL)." >&2
  return 1
}

# The Redis of REDIS_URL answers PING (through redis-cli, or a bare socket on a machine without it).
redis_answers() {
  local answer
  if command -v redis-cli >/dev/null 2>&1; then
    answer=$(timeout 5 redis-cli -u "$REDIS_URL" ping 2>/dev/null)
  elif [[ $REDIS_URL =~ ^rediss?://([^@/]*@)?([^:/]+)(:([0-9]+))? ]]; then
    answer=$(timeout 5 bash -c 'exec 3<>"/dev/tcp/$0/$1" && printf "PING\r\n" >&3 && head -c 5 <&3' "${BASH_REMATCH[2]}" "${BASH_REMATCH[4]:-6379}" 2>/dev/null)
    answer=${answer#+}
  fi
  if [ "$answer" = "PONG" ]; then return 0; fi
  echo "Redis does not answer at $REDIS_URL (start it, e.g. \`service redis-server start\`)." >&2
  return 1
}

# Both, each checked so that one message names every service that is down.
services_answer() {
  local status=0
  postgres_answers || status=1
  redis_answers || status=1
  return $status
}
