RESET floe.pruning.enabled
# name: test/sql/iceberg/read_schema.test
# description: The schema a read uses, as Iceberg's SnapshotUtil.schemaFor: the current
#              schema for the table and its branches (a column added after the last write
#              reads NULL, a dropped one is gone), the snapshot's own schema for time travel
#              and tags. Ports Iceberg 1.10's TestSnapshotSelection
#              (spark/v4.0): testSnapshotSelectionByBranchWithSchemaChange,
#              testWritingToBranchAfterSchemaChange, testSnapshotSelectionByTagWithSchemaChange.
#              It used to read every snapshot with its own schema: after ALTER TABLE ADD
#              COLUMN, SELECT b failed with "column `b` not found".