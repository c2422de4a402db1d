#!/usr/bin/env bash
# Script Vapi with the voxdesk CLI: create an assistant, change it, find it, delete it.
#
#   VAPI_TOKEN=<private key> bash examples/cli/assistant-lifecycle.sh
#
# voxdesk reads VAPI_TOKEN (or VAPI_API_KEY) and VAPI_BASE_URL from the environment.
# Piped output is tab-separated with the id first; add --json for the API's JSON.
# Exit codes: 0 ok, 1 API or network error, 2 usage error, 4 missing or rejected token.
set -euo pipefail
: "${VAPI_TOKEN:?Set VAPI_TOKEN to your Vapi private key}"
# This script reads tab-separated output: a user's `voxdesk config set output json` must not
# change that (--format table on each command does the same).
export VOXDESK_FORMAT=table

id=$(voxdesk assistants create --data '{"name":"Night desk","firstMessage":"Hello, after-hours line."}' | cut -f1)
echo "created $id"

voxdesk assistants update "$id" --data '{"name":"Night desk (weekends)"}' > /dev/null

# Every assistant, all pages; keep the row of ours.
voxdesk assistants list --all | grep -F "$id" | cut -f2 | sed 's/^/renamed to /'

# Any endpoint, even one without its own command, through `voxdesk api`.
voxdesk api GET "/assistant/$id" | grep -F '"firstMessage"'

voxdesk assistants delete "$id" --yes
if ! voxdesk assistants get "$id" > /dev/null 2>&1; then
  echo "$id is gone"
fi
