#!/usr/bin/env bash
# Issue 11, "Data loss and leaks": hostile table and namespace names stay inside the
# warehouse, PURGE deletes exactly the files a table's metadata references, a namespace
# folder replaced by a link leading out is refused, files are 0644 and folders 0755
# whatever the umask, and register_table never echoes a file's bytes.
#   warehouse_confinement.sh <path to the floe binary>
set -uo pipefail
floe="$1"
root="$(mktemp -d)"
trap 'chmod -R u+w "$root" 2>/dev/null; rm -rf "$root"' EXIT
warehouse="$root/warehouse"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { "$floe" --warehouse "$warehouse" -csv -c "$1" 2>&1; }
expect_ok() { local out; out="$(run "$1")" || fail "expected success: $1"$'\n'"$out"; }
expect_error() {  # SQL, expected substring
  local out
  if out="$(run "$1")"; then fail "expected an error: $1"; return; fi
  [[ "$out" == *"$2"* ]] || fail "expected an error containing '$2' from: $1"$'\n'"got: $out"
}
# Lists every file and folder under a root, as relative paths.
tree() { (cd "$1" && find . -mindepth 1 | sort); }

umask 077
mkdir -p "$root/outside/victim"
echo "keep me" > "$root/outside/victim/precious.txt"

# A bystander table whose files must survive everything below.
expect_ok "CREATE TABLE ns.bystander (a INT) USING iceberg; INSERT INTO ns.bystander VALUES (1), (2)"

# 1. Names that would leave the warehouse or their namespace.
for name in '..' '.' '../../etc' 'x/../../../../y' 'a\b' '%2E%2E' 'sp ace'; do
  sql_name="${name//\`/\`\`}"
  expect_ok "CREATE TABLE ns.\`$sql_name\` (a INT) USING iceberg; INSERT INTO ns.\`$sql_name\` VALUES (7)"
  out="$(run "SELECT a FROM ns.\`$sql_name\`")"
  [[ "$out" == $'a\n7' ]] || fail "table ns.\`$name\` did not read back its row: $out"
done
expect_ok "CREATE NAMESPACE \`..\`; CREATE TABLE \`..\`.\`..\` (a INT) USING iceberg; INSERT INTO \`..\`.\`..\` VALUES (8)"
long_name="$(printf 'n%.0s' {1..300})"
expect_ok "CREATE TABLE ns.$long_name (a INT) USING iceberg; INSERT INTO ns.$long_name VALUES (9)"
out="$(run "SELECT a FROM ns.$long_name")"
[[ "$out" == $'a\n9' ]] || fail "the 300-byte name did not read back: $out"
# Nothing was created outside the warehouse, and every table folder is two levels down.
[[ "$(ls -A "$root")" == $'outside\nwarehouse' ]] || fail "files appeared beside the warehouse: $(ls -A "$root")"
[[ "$(tree "$root/outside")" == $'./victim\n./victim/precious.txt' ]] || fail "files appeared outside: $(tree "$root/outside")"
while IFS= read -r metadata; do
  rel="${metadata#"$warehouse"/}"
  depth="$(awk -F/ '{print NF}' <<<"$rel")"
  [[ "$depth" == 3 ]] || fail "a metadata folder is not at <ns>/<table>/metadata: $rel"
done < <(find "$warehouse" -type d -name metadata)
for folder in "$warehouse"/*/*; do
  base="$(basename "$folder")"
  [[ ${#base} -le 200 ]] || fail "a folder name is longer than 200 bytes: ${#base}"
done

# NUL bytes and invalid UTF-8 are refused with a clear error naming the value.
expect_error "CREATE TABLE ns.\`$(printf 'bad\xff')\` (a INT) USING iceberg" "'bad\\xFF' is not a valid table name: it is not valid UTF-8"
expect_error "CREATE TABLE \`$(printf 'n\xc3')\`.t (a INT) USING iceberg" "is not a valid namespace name"
expect_error "CREATE TABLE ns.p (a INT) USING iceberg TBLPROPERTIES ('k' = '$(printf 'v\xfe')')" "'v\\xFE' of table metadata.properties.k is not valid UTF-8"
expect_error "CREATE TABLE ns.p (\`$(printf 'c\xff')\` INT) USING iceberg" "is not valid UTF-8"
expect_error "CREATE TABLE ns.p (a INT) USING iceberg COMMENT '$(printf '\xe2\x82')'" "is not valid UTF-8"
expect_ok "CREATE TABLE ns.p (a INT) USING iceberg"
expect_error "ALTER TABLE ns.p SET TBLPROPERTIES ('$(printf 'k\xff')' = 'v')" "the key 'k\\xFF' in table metadata.properties"
expect_error "ALTER TABLE ns.p ADD COLUMN \`$(printf 'z\xff')\` INT" "is not valid UTF-8"
expect_error "CREATE NAMESPACE ns2 WITH DBPROPERTIES ('k' = '$(printf '\xff')')" "is not valid UTF-8"
# (a NUL byte cannot pass through -c: the statement comes from a file)
printf 'CREATE TABLE ns.`a\x00b` (a INT) USING iceberg;\n' > "$root/nul.sql"
if out="$("$floe" --warehouse "$warehouse" -f "$root/nul.sql" 2>&1)"; then
  fail "a name with a NUL byte was accepted"
elif [[ "$out" != *"'a\x00b' is not a valid table name: it holds a NUL byte"* ]]; then
  fail "a name with a NUL byte: $out"
fi

# 2. PURGE deletes exactly the table's files, never the warehouse or a namespace.
before="$(tree "$warehouse/ns/bystander")"
expect_ok "DROP TABLE ns.\`..\` PURGE; DROP TABLE ns.\`.\` PURGE; DROP TABLE \`..\`.\`..\` PURGE"
[[ -f "$warehouse/catalog.db" ]] || fail "PURGE of ns.\`..\` deleted the catalog"
[[ "$(tree "$warehouse/ns/bystander")" == "$before" ]] || fail "PURGE touched another table's files"
out="$(run "SELECT count(*) AS n FROM ns.bystander")"
[[ "$out" == $'n\n2' ]] || fail "the bystander table no longer reads: $out"
[[ ! -e "$warehouse/ns/%2E%2E" && ! -e "$warehouse/ns/%2E" ]] || fail "PURGE left the purged tables' folders"

# A table whose LOCATION is a shared folder: PURGE deletes its files, not the folder's others.
mkdir -p "$root/outside/shared"
echo "other" > "$root/outside/shared/not-ours.txt"
expect_ok "CREATE TABLE ns.located (a INT) USING iceberg LOCATION '$root/outside/shared'; INSERT INTO ns.located VALUES (1)"
expect_ok "DROP TABLE ns.located PURGE"
[[ "$(tree "$root/outside/shared")" == "./not-ours.txt" ]] || fail "PURGE with LOCATION left or deleted the wrong files: $(tree "$root/outside/shared")"
# The same after ALTER TABLE ... SET LOCATION onto a folder with unrelated files.
expect_ok "CREATE TABLE ns.moved (a INT) USING iceberg; INSERT INTO ns.moved VALUES (1); ALTER TABLE ns.moved SET LOCATION '$root/outside/victim'; INSERT INTO ns.moved VALUES (2)"
expect_ok "DROP TABLE ns.moved PURGE"
[[ "$(tree "$root/outside/victim")" == "./precious.txt" ]] || fail "PURGE after SET LOCATION deleted or left files: $(tree "$root/outside/victim")"
[[ ! -e "$warehouse/ns/moved" ]] || fail "PURGE after SET LOCATION left the first location's files: $(tree "$warehouse/ns/moved")"
# gc.enabled = false: PURGE is refused and the table stays whole (Spark's SparkCatalog.purgeTable).
expect_ok "CREATE TABLE ns.kept (a INT) USING iceberg TBLPROPERTIES ('gc.enabled' = 'false'); INSERT INTO ns.kept VALUES (5)"
before="$(tree "$warehouse/ns/kept")"
expect_error "DROP TABLE ns.kept PURGE" "GC is disabled (deleting files may corrupt other tables)"
[[ "$(tree "$warehouse/ns/kept")" == "$before" ]] || fail "a refused PURGE changed files"
out="$(run "SELECT a FROM ns.kept")"
[[ "$out" == $'a\n5' ]] || fail "the gc-disabled table no longer reads after its refused PURGE: $out"
# A registered table located at a folder with other files: only its referenced files go.
mkdir -p "$root/reg"
expect_ok "CREATE TABLE ns.src (a INT) USING iceberg LOCATION '$root/reg/t'; INSERT INTO ns.src VALUES (3)"
meta="$(ls "$root/reg/t/metadata/"*.metadata.json | sort | tail -1)"
expect_ok "DROP TABLE ns.src"
echo "unrelated" > "$root/reg/t/unrelated.txt"
echo "unrelated" > "$root/reg/t/metadata/unrelated.json"
expect_ok "CALL floe.system.register_table(table => 'ns.reg', metadata_file => '$meta')"
expect_ok "DROP TABLE ns.reg PURGE"
[[ "$(tree "$root/reg")" == $'./t\n./t/metadata\n./t/metadata/unrelated.json\n./t/unrelated.txt' ]] || fail "PURGE of a registered table: $(tree "$root/reg")"

# 3. A namespace folder replaced by a link leading out: writes through it are refused.
expect_ok "CREATE TABLE linked.t (a INT) USING iceberg; INSERT INTO linked.t VALUES (1)"
mkdir -p "$root/outside/linked"
cp -r "$warehouse/linked/t" "$root/outside/linked/"
rm -rf "$warehouse/linked"
ln -s "$root/outside/linked" "$warehouse/linked"
snapshot_outside="$(tree "$root/outside/linked")"
expect_error "INSERT INTO linked.t VALUES (2)" "leads outside it"
expect_error "CREATE TABLE linked.u (a INT) USING iceberg" "leads outside it"
expect_error "ALTER TABLE linked.t SET TBLPROPERTIES ('k' = 'v')" "leads outside it"
[[ "$(tree "$root/outside/linked")" == "$snapshot_outside" ]] || fail "a write went through the link"
expect_ok "DROP TABLE linked.t PURGE"
[[ "$(tree "$root/outside/linked")" == "$snapshot_outside" ]] || fail "PURGE deleted through the link"

# 4. Modes: 0644 files and 0755 folders under umask 077.
bad_modes="$(find "$warehouse" \( -type f ! -perm 0644 \) -o \( -type d ! -perm 0755 \) | grep -v '^$' || true)"
[[ -z "$bad_modes" ]] || fail "files or folders with other modes than 0644 / 0755: $bad_modes"
expect_ok "COPY (SELECT 1 AS a) TO '$root/copy/out.parquet'"
[[ "$(stat -c %a "$root/copy/out.parquet")" == 644 && "$(stat -c %a "$root/copy")" == 755 ]] || fail "COPY TO modes: $(stat -c '%a %n' "$root/copy" "$root/copy/out.parquet")"

# 5. register_table with a file that is not metadata names the file, never its bytes.
echo '"user-password=SECRET-42' > "$root/secret.json"
out="$(run "CALL floe.system.register_table(table => 'ns.s', metadata_file => '$root/secret.json')")"
[[ "$out" == *"$root/secret.json"* && "$out" == *"not valid JSON"* ]] || fail "register_table error does not name the file and problem: $out"
[[ "$out" != *SECRET* && "$out" != *password* ]] || fail "register_table echoed the file's bytes: $out"
printf '{"format-version": 2, "location": "\xff"}' > "$root/bad-utf8.json"
out="$(run "CALL floe.system.register_table(table => 'ns.s', metadata_file => '$root/bad-utf8.json')")"
[[ "$out" != *"json.exception"* && "$out" == *"bad-utf8.json"* ]] || fail "register_table of invalid UTF-8: $out"

# 6. A metadata file whose current-snapshot-id names no snapshot is an error naming the
#    table and the id, not an empty table.
expect_ok "CREATE TABLE ns.dangling (a INT) USING iceberg; INSERT INTO ns.dangling VALUES (1)"
meta="$(ls "$warehouse"/ns/dangling/metadata/*.metadata.json | sort | tail -1)"
sed -i 's/"current-snapshot-id":[0-9]*/"current-snapshot-id":12345/' "$meta"
expect_error "SELECT count(*) FROM ns.dangling" "cannot read table ns.dangling: metadata file $meta: current-snapshot-id 12345 names no snapshot"
expect_error "CALL floe.system.register_table(table => 'ns.d2', metadata_file => '$meta')" "current-snapshot-id 12345 names no snapshot"

if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "warehouse confinement: every check passed"
