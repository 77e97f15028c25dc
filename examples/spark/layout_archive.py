"""Lays out an NDJSON archive of chat messages with Bubble on Spark, and writes NDJSON layouts.

Every executor gets the release archive (`--archives`, unpacked as `bubble/`), and every task pipes
its partition through one `bubble batch --jobs 1` (RDD.pipe): one result line per input line, in
order, so a partition's output lines up with its input. An input line Bubble cannot lay out gets an
error line (`{"id", "error", "line"}`) and the task goes on; only a fatal error (exit 2) fails the
task, and Spark retries it. Spark's own cores are the parallelism, hence one job per task.

On a cluster (YARN, Kubernetes, standalone), with the archive `make dist` built:
    spark-submit --master yarn --num-executors 20 \\
        --archives dist/bubble-0.1.0-linux-x86_64.tar.gz#bubble \\
        examples/spark/layout_archive.py hdfs:///chat/messages.ndjson hdfs:///chat/layouts \\
        --partitions 400 -- --max-width 280 --max-lines 5
The executors need the Debian packages of `share/bubble/debian-packages.txt` (fonts included).
"""
import argparse
import shlex

from pyspark import SparkFiles
from pyspark.sql import SparkSession

# Where `--archives ARCHIVE#bubble` puts the binary: in an executor's working folder on a cluster; in
# local mode, where the Python workers run in the driver's folder, in Spark's files folder.
ARCHIVE_BUBBLE = "bubble/bubble-*/bin/bubble"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="NDJSON messages: {\"id\", \"text\" | \"spans\" | \"markup\", \"options\"?}")
    parser.add_argument("output", help="a folder for the NDJSON layouts (part-*)")
    parser.add_argument("--partitions", type=int, default=None, help="at least this many tasks")
    parser.add_argument("--bubble", default=None, help="the bubble binary on the executors (a glob; default: the archive's)")
    parser.add_argument("flags", nargs="*", help="bubble batch flags, after --")
    args = parser.parse_args()

    spark = SparkSession.builder.appName("bubble-layout").getOrCreate()
    sc = spark.sparkContext
    lines = sc.textFile(args.input, minPartitions=args.partitions)
    bubble = args.bubble or "{}/{}".format(SparkFiles.getRootDirectory() if sc.master.startswith("local") else ".", ARCHIVE_BUBBLE)
    # bash expands the glob on the executor; exec leaves bubble alone under Spark's pipe.
    script = 'set -- {} "$@"; exec "$1" batch --jobs 1 "${{@:2}}"'.format(bubble)
    command = "bash -c {} bubble {}".format(shlex.quote(script), " ".join(shlex.quote(f) for f in args.flags))
    # checkCode: a task whose bubble exits non-zero fails (and is retried) instead of passing short.
    layouts = lines.pipe(command, checkCode=True)
    layouts.saveAsTextFile(args.output)
    print(f"bubble-layout: {lines.getNumPartitions()} partitions → {args.output}")
    spark.stop()


if __name__ == "__main__":
    main()
