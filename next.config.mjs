/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WebAssembly and pdfkit its font metrics from their package folders at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pdfkit"],
  poweredByHeader: false,
  typedRoutes: true,
  async headers() {
    return [
      {
        // Only the widget may be framed (by its site's origins, set per request); nothing else, anywhere.
        source: "/((?!embed/valuation).*)",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
