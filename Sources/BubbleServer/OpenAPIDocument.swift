import Foundation

/// The OpenAPI 3.1 document of the service, kept in the repository as `openapi.json` beside this
/// file and served verbatim at `GET /openapi.json`.
enum OpenAPIDocument {
    static let text: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            preconditionFailure("openapi.json is missing from the BubbleServer resources")
        }
        return String(decoding: data, as: UTF8.self)
    }()
}
