# Writes OUT, a C++ source defining floe::iceberg::GeneratorSql(): the text of each generator SQL file
# in DIR named in NAMES (","-separated), so CALL system.generate runs the files of src/iceberg/procedures/workloads.
# Usage: cmake -DOUT=... -DDIR=... -DNAMES=star,clickstream,ssb -P embed_sql.cmake
string(REPLACE "," ";" NAMES "${NAMES}")
set(body "// Generated from src/iceberg/procedures/workloads/*.sql by src/iceberg/procedures/workloads/embed_sql.cmake; do not edit.\n")
string(APPEND body "#include <string_view>\n\nnamespace floe::iceberg {\n\n")
string(APPEND body "/// Returns the generator SQL of a workload, or an empty view when there is none.\n")
string(APPEND body "std::string_view GeneratorSql(std::string_view workload) {\n")
foreach(name IN LISTS NAMES)
  file(READ "${DIR}/${name}.sql" text)
  string(APPEND body "  if (workload == \"${name}\") {\n    return R\"floe_sql(${text})floe_sql\";\n  }\n")
endforeach()
string(APPEND body "  return {};\n}\n\n}  // namespace floe::iceberg\n")
file(WRITE "${OUT}.tmp" "${body}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
