"""Lays out an NDJSON archive of chat messages with Bubble on Spark, in process: the Python package
(`pip install bubble_layout-*.whl` on every executor) inside `mapPartitions`, one engine per partition,
instead of a `bubble batch` child per task (layout_archive.py). Each output line is what `bubble batch`
writes for the input line: `{"id", "layout"}`, or an error line `{"id", "error", "line"}` (its `line`
counts within the partition) and the task goes on.

    spark-submit --master yarn --num-executors 20 \\
        examples/spark/layout_inprocess.py hdfs:///chat/messages.ndjson hdfs:///chat/layouts \\
        --partitions 400 --options '{"maxWidth": 280, "maxLines": 5}'
The executors need the wheel and the fonts of `share/bubble/debian-packages.txt` (docs/embedding.md).
"""
import argparse
import json

from pyspark.sql import SparkSession


def lay_out_partition(options):
    def run(lines):
        import bubble  # on the executor

        engine = bubble.Engine(**options)  # one per partition: fonts and catalog loaded once
        try:
            # Spark's own cores are the parallelism: one library thread per task.
            yield from engine.batch(lines, jobs=1)
        finally:
            engine.close()
    return run


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="NDJSON messages: {\"id\", \"text\" | \"spans\" | \"markup\", \"options\"?}")
    parser.add_argument("output", help="a folder for the NDJSON layouts (part-*)")
    parser.add_argument("--partitions", type=int, default=None, help="at least this many tasks")
    parser.add_argument("--options", default="{}", help="Bubble's options as JSON, under each line's own")
    args = parser.parse_args()

    spark = SparkSession.builder.appName("bubble-layout-inprocess").getOrCreate()
    lines = spark.sparkContext.textFile(args.input, minPartitions=args.partitions)
    lines.mapPartitions(lay_out_partition(json.loads(args.options))).saveAsTextFile(args.output)
    print(f"bubble-layout-inprocess: {lines.getNumPartitions()} partitions → {args.output}")
    spark.stop()


if __name__ == "__main__":
    main()
