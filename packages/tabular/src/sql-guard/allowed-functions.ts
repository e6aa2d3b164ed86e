/**
 * Scalar, aggregate and window functions a query may call. Anything else is refused: table
 * functions, file and network readers, `query()`, settings and environment probes, catalogue
 * functions, and anything that changes session state (`setseed`, `nextval`).
 * `range` / `generate_series` are left out on purpose: they only produce data out of nothing. So are
 * `repeat`, `lpad`, `rpad`, `printf` and `format`: one call can build a gigabyte string, and DuckDB
 * cannot interrupt a single function call, so the query timeout would not stop it.
 */
function words(list: string): string[] {
  return list.trim().split(/\s+/);
}

const AGGREGATES = words(`
  any_value approx_count_distinct approx_quantile arg_max arg_min argmax argmin array_agg avg bool_and
  bool_or corr count count_if countif covar_pop covar_samp entropy favg first fsum group_concat
  histogram kurtosis last list mad max max_by mean median min min_by mode percentile_cont
  percentile_disc product quantile quantile_cont quantile_disc regr_avgx regr_avgy regr_count
  regr_intercept regr_r2 regr_slope skewness stddev stddev_pop stddev_samp string_agg sum var_pop
  var_samp variance
`);

const WINDOW = words(`
  cume_dist dense_rank first_value lag last_value lead nth_value ntile percent_rank rank row_number
`);

const MATH = words(`
  abs acos asin atan atan2 cbrt ceil ceiling cos cot degrees even exp floor gcd greatest isfinite
  isinf isnan lcm least ln log log10 log2 mod pi pow power radians round round_even sign sin sqrt tan
  trunc
`);

const TEXT = words(`
  array_to_string ascii btrim char_length character_length chr concat concat_ws contains
  damerau_levenshtein ends_with hamming ilike_escape instr jaccard jaro_similarity
  jaro_winkler_similarity lcase left len length levenshtein like_escape lower ltrim md5
  nfc_normalize ord position prefix regexp_extract regexp_extract_all regexp_full_match
  regexp_matches regexp_replace regexp_split_to_array replace reverse right rtrim sha256
  split_part starts_with str_split string_split string_to_array strip_accents strlen strpos substr
  substring suffix translate trim ucase unicode upper
`);

const TIME = words(`
  age current_date current_time current_timestamp date_add date_diff date_part date_sub date_trunc
  datediff datepart datesub datetrunc day dayname dayofmonth dayofweek dayofyear epoch epoch_ms
  extract hour isodow isoyear last_day make_date make_time make_timestamp minute month monthname now
  quarter second strftime strptime time_bucket to_timestamp today try_strptime week weekday weekofyear
  year yearweek
`);

const GENERAL = words(`
  array_length cardinality coalesce if ifnull list_contains list_extract list_sort nullif try_cast
  typeof unnest
`);

export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  ...AGGREGATES,
  ...WINDOW,
  ...MATH,
  ...TEXT,
  ...TIME,
  ...GENERAL,
]);
