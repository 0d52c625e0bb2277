// What app code needs beside the client: generated code's types (`GraphQLNullable`, results'
// models) and the cache's (`OrionStore`, `CacheKey`), so that `import Orion` is enough.
@_exported import OrionAPI
@_exported import OrionCache
