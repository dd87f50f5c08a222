/** Where the app under faults (playwright.config.ts) writes its log, which e2e/faults.spec.ts reads at the end. */
export const FAULTS_LOG = ".data/e2e-faults/server.log";
