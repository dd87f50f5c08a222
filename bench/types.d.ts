declare module "parse-address" {
  const parser: { parseLocation(address: string): Record<string, string> | null };
  export default parser;
}
declare module "addresser" {
  const addresser: { parseAddress(address: string): Record<string, string> };
  export default addresser;
}
