// wawoff2 ships no type declarations; only the functions used by the build are described.
declare module "wawoff2" {
  /** Converts WOFF2 bytes to TrueType/OpenType (sfnt) bytes. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  /** Converts TrueType/OpenType (sfnt) bytes to WOFF2 bytes. */
  export function compress(sfnt: Uint8Array): Promise<Uint8Array>;
}
