import CPNG
import Foundation

extension TestImages {
    private final class FileOutput {
        let handle: FileHandle
        init(_ handle: FileHandle) { self.handle = handle }
    }

    /// Writes a large 8-bit RGB PNG to `url` one row at a time, so that making a 7000×7000
    /// file costs one row of memory, not the 147 MB the whole image would. Each row is drawn
    /// by `row(y)` (`width * 3` bytes); interlaced files run through it once per Adam7 pass.
    static func writeLargePNG(
        to url: URL, width: Int, height: Int, interlaced: Bool = false, row: (Int) -> [UInt8]
    ) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let output = FileOutput(try FileHandle(forWritingTo: url))
        defer { try? output.handle.close() }
        var png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
        var info = png_create_info_struct(png)
        png_set_write_fn(
            png, Unmanaged.passUnretained(output).toOpaque(),
            { png, bytes, count in
                guard let io = png_get_io_ptr(png), let bytes else { return }
                Unmanaged<FileOutput>.fromOpaque(io).takeUnretainedValue().handle.write(Data(bytes: bytes, count: count))
            }, { _ in })
        png_set_IHDR(
            png, info, UInt32(width), UInt32(height), 8, PNGColorType.rgb,
            interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
            PNG_FILTER_TYPE_DEFAULT)
        png_write_info(png, info)
        // With interlacing on, libpng takes whole rows once per pass and keeps what the pass needs.
        let passes = interlaced ? png_set_interlace_handling(png) : 1
        for _ in 0..<passes {
            for y in 0..<height {
                var bytes = row(y)
                bytes.withUnsafeMutableBufferPointer { png_write_row(png, $0.baseAddress) }
            }
        }
        png_write_end(png, nil)
        png_destroy_write_struct(&png, &info)
    }
}
