# The steps of a judge (scripts/verify.sh, scripts/soak.sh), sourced: each step is a function
# `step_NAME` that writes its log and a one-line summary (NAME.summary) under $logs; its line
# holds its status and wall time, and a failed one what it found (NAME.failure, else the log's
# tail). Needs $logs; sets $failed and $last_status.

# step NAME -- runs "step_NAME", which writes its log and a one-line summary.
step() {
  run_step "$1"
  print_step "$1"
}

# Runs "step_NAME" and records its status and wall time in NAME.status.
run_step() {
  local name=$1 t0 t1 status
  t0=$(date +%s%N)
  if "step_$name" >"$logs/$name.log" 2>&1; then status=ok; else status=FAIL; fi
  t1=$(date +%s%N)
  echo "$status $(((t1 - t0) / 1000000))" >"$logs/$name.status"
}

# The step's line (and, when it failed, what it found), in the order steps are listed.
print_step() {
  local name=$1 status ms line
  read -r status ms <"$logs/$name.status"
  [ "$status" = FAIL ] && failed=1
  last_status=$status
  line=$(printf '%-12s %-4s %6.1fs  %s' "$name" "$status" "${ms}e-3" \
    "$(cat "$logs/$name.summary" 2>/dev/null)")
  echo "$line" | tee -a "$logs/steps"
  if [ "$status" = FAIL ]; then
    if [ -f "$logs/$name.failure" ]; then
      sed 's/^/    /' "$logs/$name.failure"
    else
      sed 's/^/    /' "$logs/$name.log" | tail -n 60
    fi
  fi
}
