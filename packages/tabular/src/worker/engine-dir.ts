/**
 * Names the directory each engine process runs in (and removes when it outlives the server). A
 * module of its own: the engine process reads it too, and importing the spawning side would load
 * the core's whole entry (schemas, search, place names) into every engine process as it boots.
 */
export const ENGINE_DIR_PREFIX = 'opendata-engine-';
