// Exports: save text, an SVG element, or a canvas as a file.
export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveText(text, filename, type) {
  saveBlob(new Blob([text], { type }), filename);
}

export function svgText(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
}

// PNG of an SVG: draw it on a canvas at twice its size
export function saveSvgAsPng(svg, filename) {
  const box = svg.viewBox.baseVal;
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: "image/svg+xml" }));
  image.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = box.width * 2;
    canvas.height = box.height * 2;
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    URL.revokeObjectURL(url);
    canvas.toBlob((blob) => saveBlob(blob, filename), "image/png");
  };
  image.src = url;
}

export function saveCanvasAsPng(canvas, filename) {
  canvas.toBlob((blob) => saveBlob(blob, filename), "image/png");
}
