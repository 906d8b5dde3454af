// The newest Ubuntu LTS image
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.inputs.GetOsImageArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var ubuntu = HostingFunctions.getOsImage(GetOsImageArgs.builder()
            .family("ubuntu")
            .namePattern("LTS")
            .build());

        ctx.export("slug", ubuntu.applyValue(result -> result.slug()));
    }
}
