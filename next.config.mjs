/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WebAssembly and pdfkit its font metrics from their package folders at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pdfkit"],
  poweredByHeader: false,
  typedRoutes: true,
  async headers() {
    return [
      {
        // Only the widget and the partner dashboard may be framed (by their site's origins, set per request).
        source: "/((?!embed/valuation|embed/dashboard).*)",
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
