// The runtime fontkit's Indic shaper needs, imported for its side effect only; it ships no types.
declare module "regenerator-runtime/runtime.js";
