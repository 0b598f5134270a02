// A miniature's body with its team ring: every vertex keeps the colour baked into it,
// except the ring's (its first texture coordinate is 1), which takes the ring's colour
// of the moment — dimmed when spent, grey as it falls, white as it is hit.
#import bevy_sprite::{
    mesh2d_vertex_output::VertexOutput,
    mesh2d_view_bindings::view,
}

#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping
#endif
#ifdef SRGB_OUTPUT
#import bevy_render::color_operations::linear_to_srgb
#endif
#ifdef OKLAB_OUTPUT
#import bevy_render::color_operations::linear_rgb_to_oklab
#endif

struct Ring {
    colour: vec4<f32>,
};

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> ring: Ring;

@fragment
fn fragment(mesh: VertexOutput) -> @location(0) vec4<f32> {
    var colour = ring.colour;
#ifdef VERTEX_COLORS
    colour = mix(mesh.color, ring.colour, mesh.uv.x);
#endif
#ifdef TONEMAP_IN_SHADER
    colour = tonemapping::tone_mapping(colour, view.color_grading);
#endif
#ifdef SRGB_OUTPUT
    colour = vec4(linear_to_srgb(colour.rgb), colour.a);
#endif
#ifdef OKLAB_OUTPUT
    colour = vec4(linear_rgb_to_oklab(colour.rgb), colour.a);
#endif
    return colour;
}
