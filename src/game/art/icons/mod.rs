//! The icons on the bases and in the builder's lists, drawn by hand in code: each
//! [`Icon`](drawing::Icon) is a few parts in a unit box (−1..1 both ways, +y the model's
//! front), bold and simple so the silhouette reads at 16–30 px. One list of parts feeds
//! both painters: [`lyon::lyon_shapes`] gives lyon shapes for the table,
//! [`paint::paint_egui`] egui shapes for the panels, so a model and its row in the
//! builder show the same picture.
//!
//! Both paint an icon's [`marks`](drawing::marks): first every part in the icon's
//! colour grown by [`OUTLINE`](drawing::OUTLINE) in the outline's (so the dark edge runs
//! round the silhouette, not between its pieces), then every part in its own ink, in
//! order.
//!
//! The table's models bake [`lyon::lyon_shapes`] into their bases' meshes, the
//! builder's lists call [`icon_and_name`], and [`paint::icon_label`] shows an icon
//! anywhere else in egui.

pub mod drawing;
pub mod lyon;
pub mod paint;

pub use paint::icon_and_name;
