// The Debian images, newest first
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.inputs.GetOsImagesArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var debian = HostingFunctions.getOsImages(GetOsImagesArgs.builder()
            .family("debian")
            .build());

        ctx.export("slugs", debian.applyValue(result -> result.slugs()));
    }
}
