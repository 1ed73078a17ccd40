#!/usr/bin/env bash
# Static scans over the Swift sources: each scan has a name, a one-line reason, the folders it
# covers and a pattern. Comments never count; string literals count only in "text" scans,
# which guard user-facing words. A scan whose set of files is empty fails: a renamed folder
# must not silence it.
# Usage: scripts/scans.sh [ROOT]   (ROOT defaults to this repository)
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "${1:-$here/..}" && pwd)"

# name|mode|folders scanned|folders excluded|pattern|reason
SCANS=(
  'kit-boundary|code|Sources/TeammateKit||^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(?!Foundation\b)[A-Za-z_]|TeammateKit imports Foundation only: no storage, no UI, no network'
  'storage-boundary|code|Sources Tests|Sources/TeammateSQLite|\bimport\s+(?:\w+\s+)?CSQLite\b|only TeammateSQLite may import CSQLite'
  'no-system-clock|code|Sources/TeammateKit||\bDate\s*(?:\.\s*init\s*)?\(\s*\)|\bDate\s*\.\s*now\b|\btimeIntervalSinceNow\b|\bCFAbsoluteTimeGetCurrent\b|\bDispatch(?:Wall)?Time\s*\.\s*now\b|\b(?:Continuous|Suspending)Clock\b|\bclock_gettime\b|\bgettimeofday\b|\bsystemUptime\b|\b(?:Calendar|TimeZone|Locale)\s*\.\s*(?:current|autoupdatingCurrent)\b|rules take "now" as a parameter or an injected WallClock; they never read the device clock or zone'
  'no-scoring|text|Sources||(?i:(?<!under)score|leaderboard|streak)|\b(?i:points?|rank(?:s|ed|ing)?)\b|(?<=[a-z])(?:Points?|Rank(?:s|ed|ing)?)\b|nothing counts, ranks or compares what each partner did'
  'no-remote-push|code|Sources Tests||registerForRemoteNotifications|didRegisterForRemoteNotifications|\bdeviceToken\b|\bapnsToken\b|\bfcmToken\b|\bpushToken\b|\bPKPushRegistry\b|\bUNNotificationServiceExtension\b|\bFirebaseMessaging\b|notifications are local only: no push registration, no device tokens'
  'no-print-in-libraries|code|Sources|Sources/TeammateCLI Sources/teammate Sources/teammate-bench|(?<![\w.])(?:print|debugPrint|dump|NSLog|puts|fputs|printf|fprintf)\s*\(|\bFileHandle\s*\.\s*standard(?:Output|Error)\b|\b(?:stdout|stderr)\b|only the command line writes to stdout and stderr'
  'cli-no-rules|code|Sources/TeammateCLI Sources/teammate||\.(?:ackBy|ackAt|ackRevision|revision|lastEditedBy|lastEditedAt|createdBy|expiresAt|usedBy|isDone|isDeleted)\s*[+-]?=(?!=)|\b(?:ackBy|ackAt|ackRevision|revision|lastEditedBy|lastEditedAt|createdBy|expiresAt|usedBy|isDone|isDeleted)\s*(?:==|!=|<=?|>=?)|\bHousehold\s*\.\s*capacity\b|\bInvite\s*\.\s*lifetime\b|addingTimeInterval\s*\(\s*(?:86_?400|24\s*\*\s*(?:60\s*\*\s*60|3_?600))|the command line calls the kit for every rule instead of re-implementing one'
)

fired=0
broken=0
for entry in "${SCANS[@]}"; do
  IFS='|' read -r name mode include exclude rest <<<"$entry"
  reason="${entry##*|}"
  pattern="${rest%|*}"
  files=()
  for dir in $include; do
    [ -d "$root/$dir" ] || continue
    while IFS= read -r -d '' file; do
      skip=0
      for ex in $exclude; do
        case "$file" in "$root/$ex"/*) skip=1 ;; esac
      done
      [ "$skip" = 0 ] && files+=("$file")
    done < <(find "$root/$dir" -name '*.swift' -type f -print0 | sort -z)
  done
  if [ "${#files[@]}" -eq 0 ]; then
    echo "$name: no files to scan under '$include' — a scan that cannot see anything is broken"
    broken=$((broken + 1))
    continue
  fi
  hits="$(perl "$here/lib/scan.pl" "$mode" "$pattern" "${files[@]}")"
  if [ -n "$hits" ]; then
    fired=$((fired + 1))
    echo "$name: $reason"
    while IFS= read -r hit; do echo "  ${hit#"$root/"}"; done <<<"$hits"
  fi
done

echo "scans: ${#SCANS[@]} run, $fired fired, $broken with no files"
[ "$fired" -eq 0 ] && [ "$broken" -eq 0 ]
