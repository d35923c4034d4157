RESET floe.pruning.partitions
# name: test/sql/iceberg/pruning/evolution.test
# description: Partition evolution: files written under an older spec are pruned by what that
#              spec knows and kept otherwise; the metrics per spec id (system.scans) and the same rows
#              with pruning off.
# catalog: floe