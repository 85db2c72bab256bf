# The types the TPC-H drivers compare (sourced by bench/tpch/run and bench/tpch/callgrind): a
# type's "schema lib accel" for query.sql; numeric first (the others' ratios are against it).
# shellcheck shell=bash disable=SC2034
TYPES=(numeric fastnumeric numeric_accelerated float8)
declare -A SESSION=(
    [numeric]="tpch_numeric off off"
    [fastnumeric]="tpch_fastnumeric on off"
    [numeric_accelerated]="tpch_numeric on on"
    [float8]="tpch_float8 off off"
)
