// The islands' built addresses (vite-plugins/islands.ts): filled in the server build, empty in the browser's.
declare module "virtual:balise-islands" {
  const assets: import("../domain/island-sets").IslandAssets;
  export default assets;
}
