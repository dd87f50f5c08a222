// The renderers moved to lib/report (the app renders a Spanish report from the service's JSON with them too).
export { renderReportHtml } from "@/lib/report/html";
