// The field ids the Iceberg table spec (v2) gives the fields of manifest lists and manifests, and
// a walk over an Avro writer schema that finds every field without its id, with another id than
// the spec's, or missing although the spec requires it.

/// Returns the spec's ids of the manifest_file record (manifest list entries), keyed by field path.
export const MANIFEST_FILE_IDS = {
  ids: {
    manifest_path: 500, manifest_length: 501, partition_spec_id: 502, content: 517, sequence_number: 515,
    min_sequence_number: 516, added_snapshot_id: 503, added_files_count: 504, existing_files_count: 505,
    deleted_files_count: 506, added_rows_count: 512, existing_rows_count: 513, deleted_rows_count: 514,
    added_data_files_count: 504, existing_data_files_count: 505, deleted_data_files_count: 506,
    partitions: 507, 'partitions.element': 508, 'partitions.element.contains_null': 509,
    'partitions.element.contains_nan': 518, 'partitions.element.lower_bound': 510,
    'partitions.element.upper_bound': 511, key_metadata: 519, first_row_id: 520,
  },
  required: ['manifest_path', 'manifest_length', 'partition_spec_id', 'content', 'sequence_number',
    'min_sequence_number', 'added_snapshot_id', 'added_files_count', 'existing_files_count',
    'deleted_files_count', 'added_rows_count', 'existing_rows_count', 'deleted_rows_count'],
};

/// Returns the spec's ids of the manifest_entry record (manifest entries), keyed by field path.
export const MANIFEST_ENTRY_IDS = {
  ids: {
    status: 0, snapshot_id: 1, sequence_number: 3, file_sequence_number: 4, data_file: 2,
    'data_file.content': 134, 'data_file.file_path': 100, 'data_file.file_format': 101,
    'data_file.partition': 102, 'data_file.record_count': 103, 'data_file.file_size_in_bytes': 104,
    'data_file.column_sizes': 108, 'data_file.column_sizes.key': 117, 'data_file.column_sizes.value': 118,
    'data_file.value_counts': 109, 'data_file.value_counts.key': 119, 'data_file.value_counts.value': 120,
    'data_file.null_value_counts': 110, 'data_file.null_value_counts.key': 121, 'data_file.null_value_counts.value': 122,
    'data_file.nan_value_counts': 137, 'data_file.nan_value_counts.key': 138, 'data_file.nan_value_counts.value': 139,
    'data_file.lower_bounds': 125, 'data_file.lower_bounds.key': 126, 'data_file.lower_bounds.value': 127,
    'data_file.upper_bounds': 128, 'data_file.upper_bounds.key': 129, 'data_file.upper_bounds.value': 130,
    'data_file.key_metadata': 131, 'data_file.split_offsets': 132, 'data_file.split_offsets.element': 133,
    'data_file.equality_ids': 135, 'data_file.equality_ids.element': 136, 'data_file.sort_order_id': 140,
    'data_file.first_row_id': 142, 'data_file.referenced_data_file': 143,
    'data_file.content_offset': 144, 'data_file.content_size_in_bytes': 145,
  },
  required: ['status', 'snapshot_id', 'sequence_number', 'file_sequence_number', 'data_file',
    'data_file.content', 'data_file.file_path', 'data_file.file_format', 'data_file.partition',
    'data_file.record_count', 'data_file.file_size_in_bytes'],
  partition: 'data_file.partition',
};

/// Returns the name Iceberg gives a partition field in Avro (AvroSchemaUtil.makeCompatibleName):
/// a leading digit d as _d, any character but letters, digits and _ as _x and its hex code.
export function avroName(name) {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (/[A-Za-z_]/.test(c) || (i > 0 && /[0-9]/.test(c))) out += c;
    else if (/[0-9]/.test(c)) out += `_${c}`;
    else out += `_x${c.charCodeAt(0).toString(16).toUpperCase()}`;
  }
  return out;
}

const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);

/// Returns a list of problems with the ids of an Avro writer schema; `partitionIds` maps the
/// partition struct's field names to the partition spec's field ids, in order.
export function checkFieldIds(schema, known, partitionIds = new Map()) {
  const problems = [];
  const seen = new Set();
  const expectId = (path, attribute, id) => {
    seen.add(path);
    if (!Number.isInteger(id)) { problems.push(`${path} has no ${attribute}`); return; }
    const want = known.partition && path.startsWith(known.partition + '.')
      ? partitionIds.get(path.slice(known.partition.length + 1))
      : known.ids[path];
    if (want !== undefined && want !== id) problems.push(`${path} has ${attribute} ${id}, the spec gives ${want}`);
  };
  const walk = (type, path) => {
    if (Array.isArray(type)) { for (const branch of type) walk(branch, path); return; }
    if (typeof type === 'string') return; // a primitive or a reference to a named type
    if (type.type === 'record') {
      if (known.partition && path === known.partition) {
        const names = type.fields.map((f) => f.name);
        const want = [...partitionIds.keys()];
        if (names.join(',') !== want.join(',')) problems.push(`${path} has fields [${names}], the spec has [${want}]`);
      }
      for (const f of type.fields) {
        const child = path ? `${path}.${f.name}` : f.name;
        expectId(child, 'field-id', f['field-id']);
        walk(f.type, child);
      }
    } else if (type.type === 'array') {
      // A map with non-string keys is an array of key/value records with logicalType "map".
      if (type.logicalType === 'map') walk(type.items, path);
      else { expectId(`${path}.element`, 'element-id', type['element-id']); walk(type.items, `${path}.element`); }
    } else if (type.type === 'map') {
      expectId(`${path}.key`, 'key-id', type['key-id']);
      expectId(`${path}.value`, 'value-id', type['value-id']);
      walk(type.values, `${path}.value`);
    } else if (!PRIMITIVES.has(type.type) && type.type !== 'fixed' && type.type !== 'enum') {
      problems.push(`${path} has unknown Avro type ${JSON.stringify(type.type)}`);
    }
  };
  walk(schema, '');
  // A required field is found by its id, whatever its name (older Java names some differently).
  const seenIds = new Set([...seen].map((path) => known.ids[path]).filter((id) => id !== undefined));
  for (const path of known.required) if (!seen.has(path) && !seenIds.has(known.ids[path])) problems.push(`lacks required field ${path}`);
  return problems;
}
