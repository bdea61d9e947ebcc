// The islands' built addresses (vite-plugins/islands.ts): filled in the server build, empty in the browser's.
declare module "virtual:balise-islands" {
  const assets: Partial<Record<import("../../vite-plugins/islands").IslandName, { src: string; preload: string[] }>>;
  export default assets;
}
