/// The OpenAPI 3.1 document of the service, kept in the repository as `openapi.json` beside this
/// file and served verbatim at `GET /openapi.json`. It is compiled in (Plugins/EmbedFiles), so a
/// `bubble` binary copied anywhere serves it: no resource bundle is looked for at run time.
enum OpenAPIDocument {
    static var text: String { EmbeddedDocuments.openAPI }
}
