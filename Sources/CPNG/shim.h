#include <png.h>
#include <setjmp.h>
#include <string.h>

/*
 * A row-by-row PNG reader over bytes in memory, for EndlessImages' PNGDecoder.
 *
 * libpng reports errors by longjmp. A longjmp must never cross a Swift frame, so every libpng
 * call that can fail is made here, in C, in a function that sets the jump target first and
 * returns 0 when libpng jumps back to it; the message is then in `message`. Swift drives the
 * reading one row at a time and never holds the whole image.
 */
typedef struct endless_png_reader {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    char message[160];
} endless_png_reader;

static inline void endless_png_on_error(png_structp png, png_const_charp message) {
    endless_png_reader *reader = (endless_png_reader *)png_get_error_ptr(png);
    if (reader != NULL) {
        strncpy(reader->message, message != NULL ? message : "unknown error", sizeof reader->message - 1);
        reader->message[sizeof reader->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static inline void endless_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static inline void endless_png_on_read(png_structp png, png_bytep out, size_t length) {
    endless_png_reader *reader = (endless_png_reader *)png_get_io_ptr(png);
    if (reader->size - reader->offset < length) {
        png_error(png, "the data ends before the image does");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

/* Frees libpng's state; safe after any failure and to call twice. */
static inline void endless_png_end(endless_png_reader *reader) {
    if (reader->png != NULL) {
        png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    }
    reader->png = NULL;
    reader->info = NULL;
}

/* Reads the signature and every chunk up to the pixels. */
static inline int endless_png_begin(endless_png_reader *reader, const void *data, size_t size) {
    memset(reader, 0, sizeof *reader);
    reader->data = (const unsigned char *)data;
    reader->size = size;
    reader->png = png_create_read_struct(
        PNG_LIBPNG_VER_STRING, reader, endless_png_on_error, endless_png_on_warning);
    if (reader->png == NULL) {
        strcpy(reader->message, "out of memory");
        return 0;
    }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        strcpy(reader->message, "out of memory");
        endless_png_end(reader);
        return 0;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        return 0;
    }
    png_set_read_fn(reader->png, reader, endless_png_on_read);
    png_read_info(reader->png, reader->info);
    return 1;
}

/*
 * Asks libpng for 8-bit RGBA rows whatever the file holds: palettes, gray and low bit depths
 * expanded, tRNS turned into alpha, 16 bits scaled, an opaque alpha added where the file has
 * none. Colours are corrected to sRGB from the file's gamma (untagged files are sRGB). The
 * rows of an Adam7 image come pass by pass, each as wide as its pass.
 */
static inline int endless_png_read_rgba8(endless_png_reader *reader) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) {
        return 0;
    }
    png_byte colorType = png_get_color_type(png, info);
    png_set_expand(png);
    if (png_get_bit_depth(png, info) == 16) {
        png_set_scale_16(png);
    }
    if (colorType == PNG_COLOR_TYPE_GRAY || colorType == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((colorType & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    }
    png_set_gamma(png, PNG_DEFAULT_sRGB, PNG_DEFAULT_sRGB);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)png_get_image_width(png, info) * 4) {
        png_error(png, "the rows are not 8-bit RGBA after conversion");
    }
    return 1;
}

/* Reads the next row (of the image, or of the current Adam7 pass) into `row`. */
static inline int endless_png_read_row(endless_png_reader *reader, unsigned char *row) {
    if (setjmp(png_jmpbuf(reader->png))) {
        return 0;
    }
    png_read_row(reader->png, row, NULL);
    return 1;
}
