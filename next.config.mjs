/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WebAssembly and pdfkit its font metrics from their package folders at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pdfkit"],
  poweredByHeader: false,
  typedRoutes: true,
};

export default nextConfig;
