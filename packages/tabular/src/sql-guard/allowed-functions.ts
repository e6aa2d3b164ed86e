/**
 * Scalar, aggregate and window functions a query may call, by DuckDB's own function names (the
 * parse tree names what DuckDB will run, including the functions its syntax sugar turns into:
 * `count(*)` is `count_star`, `[1, 2]` is `list_value`, `EXTRACT` is `date_part`, `INTERVAL 1 DAY`
 * is `to_days`). Anything else is refused: table functions, file and network readers, `query()`,
 * settings, variables and environment probes, catalogue functions (`duckdb_*`, `pg_*`), sequences,
 * random numbers, and `version()`-style fingerprints.
 *
 * String builders (`repeat`, `lpad`, `printf` …) are allowed because the engine runs in a process
 * with a hard memory ceiling and a deadline: a runaway call kills that process, not the server.
 * `range` / `generate_series` stay out: they only make data out of nothing.
 */
function words(list: string): string[] {
  return list.trim().split(/\s+/);
}

const AGGREGATES = words(`
  any_value approx_count_distinct approx_quantile arbitrary arg_max arg_max_null arg_min arg_min_null
  argmax argmin array_agg avg bit_and bit_or bit_xor bool_and bool_or corr count count_if count_star
  countif covar_pop covar_samp entropy favg first fsum geomean geometric_mean group_concat grouping
  grouping_id histogram kahan_sum kurtosis kurtosis_pop last list mad max max_by mean median min
  min_by mode percentile_cont percentile_disc product quantile quantile_cont quantile_disc regr_avgx
  regr_avgy regr_count regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy reservoir_quantile
  sem skewness stddev stddev_pop stddev_samp string_agg sum sumkahan var_pop var_samp variance
  weighted_avg
`);

const WINDOW = words(`
  cume_dist dense_rank fill first_value lag last_value lead nth_value ntile percent_rank rank
  rank_dense row_number
`);

const MATH = words(`
  abs acos acosh add asin asinh atan atan2 atanh bit_count cbrt ceil ceiling cos cosh cot degrees
  divide even exp factorial fdiv floor fmod gamma gcd greatest isfinite isinf isnan lcm least lgamma
  ln log log10 log2 mod multiply nextafter pi pow power radians round round_even sign signbit sin
  sinh sqrt subtract tan tanh trunc xor
`);

const TEXT = words(`
  array_to_string ascii bar btrim char_length character_length chr concat concat_ws contains
  damerau_levenshtein editdist3 ends_with format format_bytes formatreadabledecimalsize
  formatreadablesize from_base64 hamming ilike_escape instr jaccard jaro_similarity
  jaro_winkler_similarity lcase left len length levenshtein like_escape lower lpad ltrim md5
  mismatches nfc_normalize not_ilike_escape not_like_escape ord parse_dirname parse_dirpath
  parse_filename parse_path position prefix printf regexp_escape regexp_extract regexp_extract_all
  regexp_full_match regexp_matches regexp_replace regexp_split_to_array repeat replace reverse right
  rpad rtrim sha1 sha256 split split_part starts_with str_split str_split_regex string_split
  string_split_regex string_to_array strip_accents strlen strpos substr substring substring_grapheme
  suffix to_base64 translate trim ucase unicode upper url_decode url_encode
`);

const TIME = words(`
  age century current_date current_localtime current_localtimestamp current_time current_timestamp
  date_add date_diff date_part date_sub date_trunc datediff datepart datesub datetrunc day dayname
  dayofmonth dayofweek dayofyear decade epoch epoch_ms epoch_ns epoch_us era extract hour isodow
  isoyear julian last_day make_date make_interval make_time make_timestamp make_timestamptz
  microsecond millennium millisecond minute month monthname nanosecond now quarter second strftime
  strptime time_bucket timezone timezone_hour timezone_minute to_centuries to_days to_decades
  to_hours to_microseconds to_millennia to_milliseconds to_minutes to_months to_quarters to_seconds
  to_timestamp to_weeks to_years today try_strptime week weekday weekofyear year yearweek
`);

const LISTS_AND_STRUCTS = words(`
  array_append array_cat array_concat array_contains array_distinct array_extract array_filter
  array_has array_has_all array_has_any array_length array_position array_prepend array_reduce
  array_reverse array_slice array_sort array_transform array_value cardinality element_at flatten
  len list_aggr list_aggregate list_any_value list_append list_apply list_avg list_bool_and
  list_bool_or list_cat list_concat list_contains list_count list_distinct list_element
  list_extract list_filter list_first list_has list_has_all list_has_any list_indexof list_last
  list_max list_median list_min list_mode list_pack list_position list_prepend list_product
  list_reduce list_resize list_reverse list_reverse_sort list_select list_slice list_sort
  list_stddev_pop list_stddev_samp list_string_agg list_sum list_transform list_unique list_value
  list_where list_zip map map_concat map_contains map_entries map_extract map_from_entries map_keys
  map_values row struct_extract struct_insert struct_pack unnest
`);

/**
 * `json_structure` and `json_contains` are left out: they recurse once per nesting level of the
 * document, and a value built in the query (`repeat('[', 100000)`) or read from a cell crashes the
 * engine process. The functions below walk deep documents iteratively (10 million levels tested).
 */
const JSON_VALUES = words(`
  json_array_length json_exists json_extract json_extract_path json_extract_path_text
  json_extract_string json_keys json_type json_valid json_value
`);

const GENERAL = words(`
  coalesce hash if ifnull isnull notnull nullif try_cast typeof
`);

/** Operators reach the tree as functions named by their symbol (`a || b` is `||`, `//` is integer division). */
const OPERATORS = words(`
  + - * / // % ** ^ || ~~ !~~ ~~* !~~* ~~~ !~~~ ^@ @ & | << >> ~ ! -> ->> @> <@ &&
`);

export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  ...AGGREGATES,
  ...WINDOW,
  ...MATH,
  ...TEXT,
  ...TIME,
  ...LISTS_AND_STRUCTS,
  ...JSON_VALUES,
  ...GENERAL,
  ...OPERATORS,
]);

/** Hints for refused functions a model is likely to reach for, pointing at an allowed way. */
export const REFUSED_FUNCTION_HINTS: Readonly<Record<string, string>> = {
  json_structure:
    'json_structure is not available (it recurses over the whole document); inspect JSON with json_type, json_keys and json_extract.',
  json_contains:
    "json_contains is not available (it recurses over the whole document); compare an extracted value instead: json_extract_string(doc, '$.key') = 'value'.",
};
