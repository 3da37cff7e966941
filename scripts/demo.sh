#!/usr/bin/env bash
# A whole session in a scratch repository, with this clone's build: init, a commit recorded by the
# hook, `end` with a summary, and the primer the next session gets. Run by `npm run demo`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(mktemp -d)
printf '#!/bin/sh\nexec node "%s/dist/git-memory.js" "$@"\n' "$here" > "$bin/git-memory"
chmod +x "$bin/git-memory"
export PATH="$bin:$PATH"
repo=$(mktemp -d)
trap 'rm -rf "$repo" "$bin"' EXIT
cd "$repo"
git init -q -b main
git config user.name "Demo User"; git config user.email demo@example.com; git config commit.gpgSign false
echo "# demo" > README.md; git add README.md; git commit -qm "Initial commit"

echo "\$ git memory init"; git memory init
echo 'export const login = () => true;' > auth.js; git add auth.js; git commit -qm "Add login endpoint"
echo; echo "\$ git memory end --summary '{…}'"
git memory end --summary '{"request":"Implement user authentication","learned":["JWT: 15 min access / 7 day refresh"],"completed":["Login endpoint"],"next_steps":["Logout","Role permissions"],"tasks":[{"task":"Implement logout","status":"in_progress","next_step":"clear the refresh cookie"}]}'
echo; echo "\$ git log --oneline"; git log --oneline
echo; echo "\$ git memory primer"; git memory primer
