"""
The shared parts of fastnumeric's server tests (pytest): a throwaway cluster of any installed
PostgreSQL, psql and psycopg connections to it, the seeded value generators, and the tallies
that count checks.  test/conftest.py makes them pytest fixtures; bash callers (test/run,
bench/lib.sh, test/shard/lib.sh) use the cluster through `python3 test/harness/cluster.py`.
"""
