// parse-prometheus-text-format ships no types: its answer, in prom2json's shape.
declare module "parse-prometheus-text-format" {
  export interface PrometheusSample {
    labels?: Record<string, string>;
    /** Counters, gauges and untyped samples. */
    value?: string;
    /** Histograms: each bucket's upper bound and count, with the sum and count. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: PrometheusSample[];
  }
  /** Throws on a line that is not the text format. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
